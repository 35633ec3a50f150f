import { csvOf } from './csv.js';

/**
 * What another page sends the Batches page in its navigation state: a multi-page PDF's "Render again" (the render
 * page, failed-render-help.ts) opens the form with that template picked, "One PDF" chosen and, when the render kept
 * them, its variable sets as the rows. `variableSets` absent: the render did not keep them (too large).
 */
export interface BatchSeed {
  templateUid: string;
  output: 'pdf';
  variableSets?: Record<string, unknown>[];
}

/** The seed in a navigation state, read defensively (a state from elsewhere, or none, is undefined). */
export function carriedBatch(state: unknown): BatchSeed | undefined {
  const seed = state !== null && typeof state === 'object' ? (state as { batch?: unknown }).batch : undefined;
  if (seed === null || typeof seed !== 'object') return undefined;
  const { templateUid, output, variableSets } = seed as Record<string, unknown>;
  if (typeof templateUid !== 'string' || templateUid === '' || output !== 'pdf') return undefined;
  const sets =
    Array.isArray(variableSets) && variableSets.every((set) => set !== null && typeof set === 'object' && !Array.isArray(set))
      ? (variableSets as Record<string, unknown>[])
      : undefined;
  return sets ? { templateUid, output, variableSets: sets } : { templateUid, output };
}

/** A kept value as the text of its cell: the renderer reads "3" and "true" back as their types; a list or an object as JSON. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
}

/**
 * Variable sets as the rows of the Batches page's box (CSV that its parser reads back): the header is every key any
 * set has, the template's variables first in the template's order (`order`), then the others as they first appear;
 * one line per set, a key a set lacks an empty cell (the template's default fills it, as for a pasted row).
 */
export function rowsTextOf(variableSets: ReadonlyArray<Record<string, unknown>>, order: readonly string[]): string {
  const keys = [...new Set(variableSets.flatMap((set) => Object.keys(set)))];
  const columns = [...order.filter((name) => keys.includes(name)), ...keys.filter((name) => !order.includes(name))];
  return csvOf(
    columns,
    variableSets.map((set) => Object.fromEntries(columns.map((c) => [c, cellText(set[c])]))),
  );
}
