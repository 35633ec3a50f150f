export * from './config.js';
export * from './service.js';
