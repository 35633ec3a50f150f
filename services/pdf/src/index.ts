export * from './config.js';
export * from './service.js';
export { joinPdfs, pageCountOf, stampPages, overlayHtml } from './pdf-document.js';
export * from './topology.js';
