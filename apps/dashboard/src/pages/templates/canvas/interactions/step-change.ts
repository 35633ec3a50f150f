/**
 * What one undo step changed, worked out from the designs before and after it: the history keeps whole designs, not
 * operations (ADR 0036), so Undo and Redo can say what they took back (*Undid: moved Title.*) only by comparing them.
 * Objects are compared by their saved JSON (one string per object, in stack order), as reselect.ts does.
 */
export interface StepChange {
  /** added/deleted: layers came or went; moved: only their X and Y changed; reordered: the same layers, another order. */
  kind: 'added' | 'deleted' | 'moved' | 'changed' | 'reordered' | 'design';
  /** The layers concerned, by name (none for reordered and design). */
  names: string[];
}

/** The JSON strings of `from` that `to` does not hold, counted as a multiset (two equal layers are two). */
function missingFrom(from: readonly string[], to: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const json of to) left.set(json, (left.get(json) ?? 0) + 1);
  return from.filter((json) => {
    const count = left.get(json) ?? 0;
    if (count === 0) return true;
    left.set(json, count - 1);
    return false;
  });
}

/** Whether two saved objects differ in their position only. */
function onlyMoved(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const strip = ({ left: _left, top: _top, ...rest }: Record<string, unknown>) => JSON.stringify(rest);
  return strip(before) === strip(after);
}

/**
 * The change from `before` to `after` (each object's JSON, in stack order); `nameOf` names a saved object as Layers
 * does. A change to an object kept at its place names it by its name after the step.
 */
export function changeOfStep(
  before: readonly string[],
  after: readonly string[],
  nameOf: (object: Record<string, unknown>) => string,
): StepChange {
  const parse = (json: string) => JSON.parse(json) as Record<string, unknown>;
  if (after.length > before.length) return { kind: 'added', names: missingFrom(after, before).map((json) => nameOf(parse(json))) };
  if (after.length < before.length) return { kind: 'deleted', names: missingFrom(before, after).map((json) => nameOf(parse(json))) };
  const changed = after.map((_, i) => i).filter((i) => before[i] !== after[i]);
  if (changed.length === 0) return { kind: 'design', names: [] };
  if (missingFrom(after, before).length === 0) return { kind: 'reordered', names: [] };
  const pairs = changed.map((i) => [parse(before[i]!), parse(after[i]!)] as const);
  return {
    kind: pairs.every(([b, a]) => onlyMoved(b, a)) ? 'moved' : 'changed',
    names: pairs.map(([, a]) => nameOf(a)),
  };
}
