export * from './free-port.js';
export * from './socket-errors.js';
