export * from './config.js';
export * from './service.js';
export { renderVideoHandler } from './render-video-handler.js';
// What a process wiring the service needs, in one import.
export { createVideoRenderer, type VideoRenderer, type VideoRendererOptions } from '@pressroom/video';
export * from './topology.js';
