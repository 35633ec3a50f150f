/**
 * Whether an HTML document can run script at all. Most cards, invoices and
 * certificates have none; rendering those with JavaScript disabled gives the
 * same pixels, and lets their page be reused without a navigation (a
 * script-free document leaves no timers behind). Conservative: anything that
 * might execute script, or embed a document that might, counts as script.
 */
const SCRIPT_CAPABLE = [
  /<\s*script/i,
  /<\s*(iframe|frame|frameset|object|embed|portal)\b/i,
  /[\s/"'`]on[a-z]+\s*=/i, // inline event handlers: onload=, <img/onerror=
  /script\s*:/i, // javascript:, vbscript:, and j&#97;vascript: with an encoded letter
  /&colon;|&#0*58;?|&#x0*3a;?/i, // an entity-encoded colon can hide any scheme
  /\bsrcdoc\b/i,
  /<\s*meta[^>]+http-equiv\s*=\s*["']?refresh/i,
  /<\s*(link|base)\b[^>]*\b(import|href\s*=\s*["']?\s*javascript)/i,
];

export function isScriptFree(html: string): boolean {
  return !SCRIPT_CAPABLE.some((pattern) => pattern.test(html));
}
