export { STARTERS, findStarter, type StarterTemplate } from './catalog.js';
