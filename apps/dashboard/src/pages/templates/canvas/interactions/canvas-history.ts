import type { Canvas, FabricObject } from 'fabric';
import { layerName } from '../layer-names';
import { isPickable, selectObjects } from './canvas-selection';
import { History } from './history';
import { reselectAfterStep } from './reselect';
import { changeOfStep, type StepChange } from './step-change';

/** A step: the design's JSON, and the design revision it had in the editor. */
interface Step {
  json: string;
  revision: number;
}

export interface CanvasHistory {
  /** Records the design as it is now (call after changing objects directly, e.g. from the properties panel). */
  commit(options?: { coalesce?: string }): void;
  /** Answers what the step undone had changed (for the live region), or undefined when there was none. */
  undo(): Promise<StepChange | undefined>;
  /** Answers what the step redone changes, or undefined when there was none. */
  redo(): Promise<StepChange | undefined>;
  /** Forgets every step (a template or version loaded): the design as it is now becomes the start. */
  reset(): void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  dispose(): void;
}

/**
 * Undo/redo for one canvas: snapshots of the editor's serialized design (ADR 0036). fabric's own events record
 * adds, removes and finished transforms (a drag, a resize or a rotation fires `object:modified` once, at the
 * end, so a drag is one step); changes the editor makes directly are recorded through `commit`. Events fired
 * while a snapshot is being loaded are not recorded. Each step keeps the editor's design revision it had, and an
 * undo or redo loads it back under that revision: undoing back to the saved state leaves nothing unsaved.
 */
export function attachHistory(
  canvas: Canvas,
  options: {
    serialize: () => Record<string, unknown>;
    /** The editor's design revision right now (`designRevisionNow`). */
    revision: () => number;
    /** Loads a step's design under the revision it had. */
    load: (data: Record<string, unknown>, revision: number) => Promise<void>;
    /** Called after every record, undo and redo (to refresh the buttons). */
    onChange?: () => void;
    cap?: number;
  },
): CanvasHistory {
  const snapshot = (): Step => ({ json: JSON.stringify(options.serialize()), revision: options.revision() });
  const history = new History<Step>(snapshot(), { cap: options.cap ?? 100, same: (a, b) => a.json === b.json });
  let loading = false;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const commit = (commitOptions: { coalesce?: string } = {}) => {
    if (loading) return;
    // An add, remove or finished drag is waiting to be recorded: it is a step of its own, never merged into a gesture.
    const structural = pending !== undefined;
    if (pending !== undefined) clearTimeout(pending);
    pending = undefined;
    if (history.record(snapshot(), structural ? {} : commitOptions)) options.onChange?.();
  };
  // A paste of several objects fires one `object:added` each: record them together, once the burst is over.
  const later = () => {
    if (loading) return;
    if (pending !== undefined) clearTimeout(pending);
    pending = setTimeout(() => commit(), 0);
  };
  const events = ['object:added', 'object:removed', 'object:modified'] as const;
  for (const event of events) canvas.on(event, later);

  /**
   * Loads `step`; `from` is the design shown until now (the step undone or redone from). Answers the change the step
   * stands for: from `step` to `from` for an undo (what is taken back), from `from` to `step` for a redo.
   */
  const apply = async (step: Step | undefined, from: Step, direction: 'undo' | 'redo'): Promise<StepChange | undefined> => {
    if (step === undefined) return undefined;
    // The selection, by place in the stack and saved JSON: the step's objects are new ones (reselect.ts).
    const objects = canvas.getObjects();
    const selected = canvas.getActiveObjects().map((object) => objects.indexOf(object));
    const before = objectJsons(from.json);
    loading = true;
    try {
      await options.load(JSON.parse(step.json) as Record<string, unknown>, step.revision);
      history.replaceCurrent({ ...snapshot(), revision: step.revision });
    } finally {
      loading = false;
    }
    const loaded = canvas.getObjects();
    const after = objectJsons(step.json);
    const change = direction === 'undo' ? changeOfStep(after, before, savedName) : changeOfStep(before, after, savedName);
    // The JSON lists the canvas's objects in its order; anything else (never expected) reselects nothing.
    if (selected.length > 0 && before.length === objects.length && after.length === loaded.length) {
      const again = reselectAfterStep(before, after, selected).map((i) => loaded[i]!);
      selectObjects(canvas, again.filter(isPickable));
    }
    options.onChange?.();
    return change;
  };

  return {
    commit,
    undo: () => {
      commit(); // a change not yet recorded (the timer above) is the step to undo
      const from = history.current;
      return apply(history.undo(), from, 'undo');
    },
    redo: () => {
      const from = history.current;
      return apply(history.redo(), from, 'redo');
    },
    reset: () => {
      history.reset(snapshot());
      options.onChange?.();
    },
    get canUndo() {
      return history.canUndo;
    },
    get canRedo() {
      return history.canRedo;
    },
    dispose: () => {
      if (pending !== undefined) clearTimeout(pending);
      for (const event of events) canvas.off(event, later);
    },
  };
}

/** Each object of a design's JSON as its own JSON string, in stack order. */
function objectJsons(json: string): string[] {
  const objects = (JSON.parse(json) as { objects?: unknown }).objects;
  return Array.isArray(objects) ? objects.map((object) => JSON.stringify(object)) : [];
}

/** A saved object's name as Layers shows it (layerName reads only its name, type and text, which the JSON has). */
function savedName(object: Record<string, unknown>): string {
  return layerName({ type: '', ...object } as unknown as FabricObject);
}
