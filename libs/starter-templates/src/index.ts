export { STARTERS, findStarter, type CanvasStarter, type StarterTemplate } from './catalog.js';
export type { HtmlStarter } from './html-starters.js';
