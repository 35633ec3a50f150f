/**
 * Which objects to select after an undo or redo, which loads new fabric objects (a snapshot: ADR 0036) and so drops
 * the selection: without this the Properties panel emptied at each undo, and a designer trying colours had to pick
 * the object again each time. Objects have no ids, so they are matched by their saved JSON (one string per object, in
 * stack order, before and after the step):
 *
 * - a selected object found unchanged after the step (a layer order undone, or a change to another object) is the
 *   one with the same JSON, the first not taken yet;
 * - else, when the step kept the number of objects (a colour, a move, a rename undone), it is the object at the same
 *   place in the stack, if that one changed in the step (its JSON is nowhere before it);
 * - else (an add or a delete undone) nothing is guessed for it.
 *
 * Answers the indices, after the step, of the objects to select.
 */
export function reselectAfterStep(before: readonly string[], after: readonly string[], selected: readonly number[]): number[] {
  const taken = new Set<number>();
  const chosen: number[] = [];
  const unchanged = new Set(before);
  for (const index of selected) {
    const json = before[index];
    if (json === undefined) continue;
    let match = after.findIndex((candidate, i) => candidate === json && !taken.has(i));
    if (match < 0 && before.length === after.length && !taken.has(index) && !unchanged.has(after[index]!)) match = index;
    if (match < 0) continue;
    taken.add(match);
    chosen.push(match);
  }
  return chosen.sort((a, b) => a - b);
}
