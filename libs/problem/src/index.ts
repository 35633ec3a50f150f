export * from './slugs.js';
export * from './problem-error.js';
export * from './problem-body.js';
export * from './serialized-problem.js';
