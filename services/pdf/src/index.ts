export * from './config.js';
export * from './service.js';
export { joinPdfs, stampPages, overlayHtml } from './pdf-document.js';
export { pageCountOf } from './page-count.js';
export * from './topology.js';
