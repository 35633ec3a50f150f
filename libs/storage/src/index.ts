export * from './storage.js';
export * from './disk-storage.js';
export * from './nats-object-storage.js';
export * from './create-storage.js';
