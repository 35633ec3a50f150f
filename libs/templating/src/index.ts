export * from './interpolate.js';
