export * from './free-port.js';
