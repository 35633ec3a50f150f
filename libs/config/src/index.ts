export * from './parse-env.js';
export * from './fragments.js';
export * from './webhook-fragments.js';
export * from './binding-fragments.js';
export * from './dashboard-fragments.js';
export * from './dashboard-data-fragments.js';
export * from './storage-fragments.js';
