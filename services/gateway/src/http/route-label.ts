/**
 * The `route` of a request in metrics (`http_server_request_duration_seconds`) and span names: the matched
 * route's path, one value per route whatever the path's ids. Express gives a string path as written
 * (`/image/:id`); a RegExp path would print as `{}` in a label, so a RegExp route declares its label with
 * `labelledPath`.
 */

const declared = new WeakMap<RegExp, string>();

/** A RegExp route path whose requests are labelled `label` (e.g. `/files/*`). Returns the pattern itself, for `router.get`. */
export function labelledPath(pattern: RegExp, label: string): RegExp {
  declared.set(pattern, label);
  return pattern;
}

/**
 * The label of a matched route's path: a string as is, a RegExp's declared label (else its source, fixed
 * for the route if unreadable), an array's labels joined; `unmatched` when no route answered.
 */
export function routeLabel(path: unknown): string {
  if (typeof path === 'string') return path;
  if (path instanceof RegExp) return declared.get(path) ?? path.source;
  if (Array.isArray(path)) return path.map(routeLabel).join(',');
  return 'unmatched';
}
