import { resolvePath } from './json-path.js';

export type MappingResult =
  | { ok: true; variables: Record<string, unknown> }
  | { ok: false; error: string; missing: { variable: string; path: string; missingAt: string }[] };

/**
 * Template variables from fetched data: every `defaults` entry, then each
 * mapped variable from its path. A path that leads nowhere (or to `null`)
 * falls back to the variable's default; with no default the refresh fails
 * (MAPPING_FAILED) rather than render a half-empty image silently.
 */
export function applyMapping(data: unknown, mapping: Record<string, string>, defaults: Record<string, unknown>): MappingResult {
  const variables: Record<string, unknown> = { ...defaults };
  const missing: { variable: string; path: string; missingAt: string }[] = [];
  for (const [variable, path] of Object.entries(mapping)) {
    const resolved = resolvePath(data, path);
    if (resolved.found && resolved.value !== null && resolved.value !== undefined) {
      variables[variable] = resolved.value;
    } else if (!Object.hasOwn(defaults, variable)) {
      missing.push({ variable, path, missingAt: resolved.found ? path : resolved.missingAt });
    }
  }
  if (missing.length > 0) {
    const list = missing.map((m) => `${m.variable} ← ${m.path} (nothing at ${m.missingAt})`).join('; ');
    return { ok: false, missing, error: `The data has no value for ${list}, and no default is given.` };
  }
  return { ok: true, variables };
}
