export * from './config.js';
export * from './service.js';
export { GifWriter, gifDelaysCs } from './encode-gif.js';
export * from './topology.js';
export * from './gif-renderer.js';
