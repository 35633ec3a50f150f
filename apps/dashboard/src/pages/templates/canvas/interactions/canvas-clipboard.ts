import { util, type Canvas, type FabricObject } from 'fabric';
import { selectObjects } from './canvas-selection';
import { offsetObjects } from './clipboard-offset';

export interface CanvasClipboard {
  /** Keeps the selection's JSON (not the live objects: later edits to the originals must not change a paste). */
  copy(): boolean;
  /** Adds the copied objects again, each paste one offset further, and selects them. */
  paste(): Promise<boolean>;
  /** Copy and paste in one step, leaving what was copied before in the clipboard. */
  duplicate(): Promise<boolean>;
  /** Removes the selection. */
  remove(): boolean;
}

/**
 * The selected objects as the saved JSON holds them. The canvas's own `toObject` writes an ActiveSelection
 * member's page position (not its position inside the selection), so each object is picked from it.
 */
function selectionJson(canvas: Canvas, serialize: () => Record<string, unknown>): Record<string, unknown>[] {
  const selected = canvas.getActiveObjects();
  const exported = canvas.getObjects().filter((o) => !o.excludeFromExport);
  const json = (serialize().objects ?? []) as Record<string, unknown>[];
  return selected
    .map((o) => exported.indexOf(o))
    .filter((i) => i >= 0 && json[i])
    .map((i) => json[i]!);
}

/**
 * Copy, paste, duplicate and delete on one canvas. `serialize` is the editor's serializer (so copies keep the
 * layer name and variable bindings); the clipboard lives in the page, not the system clipboard, so a paste
 * never carries another site's data into a design.
 */
export function createClipboard(canvas: Canvas, options: { serialize: () => Record<string, unknown> }): CanvasClipboard {
  let copied: Record<string, unknown>[] = [];
  let pastes = 0;

  async function place(objects: Record<string, unknown>[], times: number): Promise<boolean> {
    if (objects.length === 0) return false;
    const enlivened = await util.enlivenObjects<FabricObject>(offsetObjects(structuredClone(objects), times));
    canvas.discardActiveObject();
    canvas.add(...enlivened);
    selectObjects(canvas, enlivened);
    return true;
  }

  return {
    copy() {
      const objects = selectionJson(canvas, options.serialize);
      if (objects.length === 0) return false;
      copied = objects;
      pastes = 0;
      return true;
    },
    async paste() {
      if (copied.length === 0) return false;
      pastes += 1;
      return place(copied, pastes);
    },
    async duplicate() {
      return place(selectionJson(canvas, options.serialize), 1);
    },
    remove() {
      const selected = canvas.getActiveObjects();
      if (selected.length === 0) return false;
      canvas.discardActiveObject();
      canvas.remove(...selected);
      canvas.requestRenderAll();
      return true;
    },
  };
}
