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

/**
 * Gateway routes that are not part of the API (express route paths, as the drift
 * test reads them from the router), each with why.
 */
export const UNDOCUMENTED_ROUTES: Readonly<Record<string, string>> = {
  '/': 'Redirects a browser to the dashboard.',
  '/app': 'The dashboard (a single-page app).',
  '/app/{*rest}': 'The dashboard (a single-page app).',
  [String(/^\/workflows?(\/.*)?$/)]: 'Retired endpoints: always a 410 problem.',
  '/docs/assets/:file': "The reference page's scripts and styles.",
};

/** The express form of an operation's path: `{x}` → `:x`, unless it names its own route. */
export function routeOf(operation: Operation): string {
  return operation.route ?? operation.path.replace(/\{([^}]+)\}/g, ':$1');
}
