import type { AlignEdge, DistributeAxis } from './geometry.js';
import type { StepChange } from './step-change.js';

/**
 * What the editor says (a polite live region) after a keyboard edit on the canvas, so a person who cannot see the
 * canvas hears where the layer went and what went away. Positions read as the Properties panel's X and Y fields
 * show them (rounded to hundredths), so what is heard is what the fields then hold.
 */

/** Rounded as the Properties panel's number fields round. */
function shown(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The selection as said: one layer by its name, several by their count. */
function whatOf(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.length} layers`;
}

/** After an arrow key: "Red box: X 23, Y 30." (the selection's top-left corner, in design pixels). */
export function movedWords(names: readonly string[], at: { x: number; y: number }): string {
  return `${whatOf(names)}: ${where(at)}.`;
}

/** After Delete (the key or the Arrange button): "Deleted Red box. Ctrl+Z brings it back." */
export function deletedWords(names: readonly string[]): string {
  return `Deleted ${whatOf(names)}. Ctrl+Z brings ${names.length === 1 ? 'it' : 'them'} back.`;
}

/**
 * After [ or ]: "Selected Blue: 1 of 3, front to back. X 300, Y 40." (its place as the Layers list counts it, as
 * Layers' Up and Down say it, and where it is).
 */
export function selectedWords(name: string, place: { of: number; count: number }, at: { x: number; y: number }): string {
  return `Selected ${name}: ${place.of} of ${place.count}, front to back. ${where(at)}.`;
}

/** A top-left corner as said after a move or an add: "X 23, Y 30". */
function where(at: { x: number; y: number }): string {
  return `X ${shown(at.x)}, Y ${shown(at.y)}`;
}

const EDGE_WORDS: Record<AlignEdge, string> = {
  left: 'to the left',
  centre: 'to the centre',
  right: 'to the right',
  top: 'to the top',
  middle: 'to the middle',
  bottom: 'to the bottom',
};

/**
 * After Align: "Aligned 2 layers to the left." (to their common bounds), "Aligned Red to the centre of the page."
 * (one layer aligns to the page); when nothing had to move, "2 layers are already aligned to the left.".
 */
export function alignedWords(names: readonly string[], edge: AlignEdge, moved: boolean): string {
  const to = `${EDGE_WORDS[edge]}${names.length === 1 ? ' of the page' : ''}`;
  if (!moved) return `${whatOf(names)} ${names.length === 1 ? 'is' : 'are'} already aligned ${to}.`;
  return `Aligned ${whatOf(names)} ${to}.`;
}

const AXIS_WORDS: Record<DistributeAxis, string> = { horizontal: 'horizontally', vertical: 'vertically' };

/** After Distribute: "Distributed 3 layers horizontally."; when the gaps were equal already, says so. */
export function distributedWords(names: readonly string[], axis: DistributeAxis, moved: boolean): string {
  if (!moved) return `${whatOf(names)} are already evenly spaced ${AXIS_WORDS[axis]}.`;
  return `Distributed ${whatOf(names)} ${AXIS_WORDS[axis]}.`;
}

/** After a paste or a duplicate: "Pasted Blue: X 320, Y 60." (the copies' top-left corner, as Properties shows it). */
export function addedWords(how: 'Pasted' | 'Duplicated', names: readonly string[], at: { x: number; y: number }): string {
  return `${how} ${whatOf(names)}: ${where(at)}.`;
}

/** What an undo step changed, in a few words: "moved Title", "added 2 layers", "changed the layer order". */
function changeWords(change: StepChange): string {
  if (change.kind === 'reordered') return 'changed the layer order';
  if (change.kind === 'design' || change.names.length === 0) return 'changed the design';
  return `${change.kind} ${whatOf(change.names)}`;
}

/** After Undo or Redo: "Undid: moved Title." / "Redid: added Blue.". */
export function stepWords(how: 'Undid' | 'Redid', change: StepChange): string {
  return `${how}: ${changeWords(change)}.`;
}

/** Undo (Ctrl+Z) with no step left to take back. */
export const NOTHING_TO_UNDO = 'Nothing to undo.';

/** Redo (Ctrl+Y, Ctrl+Shift+Z) with nothing undone to do again. */
export const NOTHING_TO_REDO = 'Nothing to redo.';

/** Paste (Ctrl+V) before anything was copied. */
export const NOTHING_COPIED = 'Nothing copied yet: select a layer and press Ctrl+C.';

/**
 * An edit key (an arrow, Delete, Ctrl+Z, Ctrl+V…) while tried values are shown: the design cannot be edited then (an
 * edit of the tried copy would be lost), and the key would otherwise do nothing without a word.
 */
export const EDITING_OFF = 'Editing is off while tried values are shown: choose Back to the design to edit.';

/** An arrow key or Delete on the canvas with nothing selected: how to choose a layer. */
export const NOTHING_SELECTED = 'No layer selected: press [ or ] to choose one, or choose it in Layers.';

/** After Escape cleared the selection. */
export const SELECTION_CLEARED = 'Selection cleared.';

/**
 * A live region reads out a change of its text; the same words twice in a row (two layers named alike deleted one
 * after the other) would be silent. Alternating a trailing no-break space makes each message a change.
 */
export function sayAgain(previous: string, next: string): string {
  return previous === next ? `${next}\u00a0` : next;
}
