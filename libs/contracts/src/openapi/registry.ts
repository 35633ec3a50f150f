import type { Operation } from './operation.js';
import { renderOperations } from './operations-renders.js';
import { templateOperations } from './operations-templates.js';
import { templateVersionOperations } from './operations-template-versions.js';
import { bindingOperations, webhookOperations } from './operations-integrations.js';
import { videoOperations } from './operations-video.js';
import { accountOperations, opsOperations } from './operations-account.js';
import { settingsOperations } from './operations-settings.js';
import { assetOperations } from './operations-assets.js';

/**
 * Every operation of the HTTP API. A new route needs one entry here (in the
 * area's operations-*.ts), else the drift test against the gateway's router fails.
 */
export const OPERATIONS: readonly Operation[] = [
  ...renderOperations,
  ...templateOperations,
  ...templateVersionOperations,
  ...webhookOperations,
  ...bindingOperations,
  ...videoOperations,
  ...accountOperations,
  ...settingsOperations,
  ...assetOperations,
  ...opsOperations,
];

/** One line per tag of the reference page, in the order the tags first appear. */
export const TAGS: Readonly<Record<string, string>> = {
  Images: 'Render PNG, JPEG or WebP images from HTML, a URL, a template, a Fabric.js canvas or a prompt; list and poll them.',
  GIFs: 'Render animated GIFs from HTML, a URL or a template, or record a live page; list and poll them.',
  PDFs: 'Render PDFs from HTML, a URL or a template (one page per variable set too), with paper presets.',
  Renders: 'One history of every render of every kind, with filters, details, timings and deletion.',
  Files: 'Rendered files, and templates rendered on the fly by URL for `<img src>` (with a key or signed).',
  Templates: 'Reusable HTML and canvas designs with variables and layouts, their versions, the template language and the starter gallery.',
  Batches: 'Render a template once per row or CSV line in the background; follow, cancel and download the results.',
  Webhooks: 'Subscribe URLs to render, batch and binding events; inspect and replay deliveries.',
  Bindings: 'Live images whose template variables follow an HTTP JSON data source, refreshed on a policy or a trigger.',
  Video: 'Video templates (TSX scenes or timelines), AI drafts and captions, previews and MP4/WebM/GIF renders.',
  Account: 'Plan, limits and usage, URL signing, custom storage and the caller behind a key.',
  Dashboard: "The dashboard's own endpoints: sign-in and sessions, API keys, teams and invitations, the instance's settings.",
  Assets: "The account's images and fonts, usable in templates by URL or family name.",
  Operations: 'Health, the problem types, this document, the reference page and the built-in MCP server.',
};

/**
 * Gateway routes that are not part of the API (express route paths, as the drift
 * test reads them from the router), each with why.
 */
export const UNDOCUMENTED_ROUTES: Readonly<Record<string, string>> = {
  '/': 'Redirects a browser to the dashboard.',
  '/app': 'The dashboard (a single-page app).',
  '/app/{*rest}': 'The dashboard (a single-page app).',
  '/app/fonts/{*file}': "The renderer's own font files, which the canvas editor draws with (docs/adr/0074).",
  [String(/^\/workflows?(\/.*)?$/)]: 'Retired endpoints: always a 410 problem.',
  '/docs/assets/:file': "The reference page's scripts and styles.",
};

/** The express form of an operation's path: `{x}` → `:x`, unless it names its own route. */
export function routeOf(operation: Operation): string {
  return operation.route ?? operation.path.replace(/\{([^}]+)\}/g, ':$1');
}
