export * from './sniff.js';
export * from './svg-check.js';
export * from './font-name.js';
export * from './inspect-upload.js';
export * from './asset-limits.js';
export * from './font-face.js';
export * from './png-thumbnail.js';
