export * from './services.js';
export * from './postgres.js';
