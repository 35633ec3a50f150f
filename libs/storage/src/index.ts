export * from './storage.js';
export * from './byte-range.js';
export * from './disk-storage.js';
export * from './nats-object-storage.js';
export * from './s3-storage.js';
export * from './create-storage.js';
export * from './custom-storage.js';
export * from './remove-render-files.js';
