export * from './ids.js';
export * from './http/common.js';
export * from './http/image.js';
export * from './http/template.js';
export * from './bus/problem.js';
export * from './bus/render-image.js';
export * from './bus/render-events.js';
export * from './bus/catalog.js';
