import { LAYOUT_KEY } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { ProblemError, isProblemError } from '@pressroom/problem';

/** `code` of the 404 for a layout key the template does not have. */
export const LAYOUT_NOT_FOUND = 'layout_not_found';

/** The base template is the layout called `default`. */
export const DEFAULT_LAYOUT = 'default';

/** One layout of a template with the template's values filled in where the layout gives none. */
export interface ResolvedLayout {
  key: string;
  width: number;
  height: number;
  html: string | null;
  fabricJSData: Record<string, unknown> | null;
}

/** `default`, then the stored layout keys alphabetically (JSONB does not keep insertion order). */
export function layoutKeys(template: TemplateRow): string[] {
  return [DEFAULT_LAYOUT, ...Object.keys(template.layouts).sort()];
}

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * A layout by key: 400 for a malformed key, 404 (listing the known keys)
 * for one the template does not have.
 */
export function resolveLayout(template: TemplateRow, key: string = DEFAULT_LAYOUT): ResolvedLayout {
  if (!LAYOUT_KEY.test(key)) {
    throw new ProblemError('validation-error', {
      detail: `${JSON.stringify(key)} is not a layout key; keys match ^[a-z0-9-]{1,64}$.`,
      errors: [{ field: 'layout', message: 'Layout keys match ^[a-z0-9-]{1,64}$.' }],
    });
  }
  const base: ResolvedLayout = {
    key: DEFAULT_LAYOUT,
    width: template.width,
    height: template.height,
    html: template.html,
    fabricJSData: template.fabricJSData,
  };
  if (key === DEFAULT_LAYOUT) return base;
  const entry = Object.hasOwn(template.layouts, key) ? template.layouts[key] : undefined;
  if (!entry) {
    throw new ProblemError('not-found', {
      code: LAYOUT_NOT_FOUND,
      detail: `Template ${template.uid} has no layout ${JSON.stringify(key)}; its layouts are: ${layoutKeys(template).join(', ')}.`,
    });
  }
  const html = typeof entry.html === 'string' ? entry.html : null;
  const fabric = entry.fabricJSData && typeof entry.fabricJSData === 'object' ? (entry.fabricJSData as Record<string, unknown>) : null;
  return {
    key,
    width: positiveInt(entry.width) ?? template.width,
    height: positiveInt(entry.height) ?? template.height,
    // A layout with only a size re-uses the template's design.
    html: html ?? (fabric ? null : template.html),
    fabricJSData: fabric ?? (html ? null : template.fabricJSData),
  };
}

/** A requested layout that could not be rendered, as the several-layout answer reports it in `errors`. */
export interface LayoutFailure {
  layout: string;
  error: string;
  code: string;
}

/**
 * Plan every requested layout with `build`. A layout the template does not
 * have is set aside in `failed` so the others still render; any other problem
 * (a bad variable, say) is thrown, before anything is queued. When no layout
 * is left, the first unknown-layout problem is thrown.
 */
export function planEachLayout<T>(keys: string[], build: (key: string) => T): { planned: T[]; failed: LayoutFailure[] } {
  const planned: T[] = [];
  const failed: LayoutFailure[] = [];
  let firstMissing: ProblemError | null = null;
  for (const key of keys) {
    try {
      planned.push(build(key));
    } catch (error) {
      if (!isProblemError(error) || error.code !== LAYOUT_NOT_FOUND) throw error;
      firstMissing ??= error;
      failed.push({ layout: key, error: error.detail, code: LAYOUT_NOT_FOUND });
    }
  }
  if (planned.length === 0 && firstMissing) throw firstMissing;
  return { planned, failed };
}
