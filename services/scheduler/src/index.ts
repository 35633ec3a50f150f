export * from './config.js';
export * from './service.js';
export { itemPage, type ItemPage } from './item-page.js';
export * from './topology.js';
