/*
 * The browser-safe entry of the contracts (`@pressroom/contracts/constants`):
 * vocabularies and limits the dashboard shows or checks before sending, and the
 * rules the canvas editor and the renderer both apply to a design, from modules
 * that import nothing (no zod), so the dashboard's bundle stays small and the
 * rule still lives once.
 */
export * from './http/webhook-events.js';
export * from './http/design-limits.js';
export * from './http/output-limits.js';
export * from './http/variable-name-limit.js';
export * from './http/name-search-limit.js';
export * from './http/binding-vocabulary.js';
export * from './canvas/canvas-keys.js';
export * from './canvas/text-fit.js';
export * from './canvas/renderer-fonts.js';
export * from './bus/page-control-defaults.js';
