export * from './parse-env.js';
export * from './fragments.js';
