export * from './operation.js';
export * from './registry.js';
export * from './document.js';
