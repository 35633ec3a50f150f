import type { FabricObject, StaticCanvas } from 'fabric';

const LOCKS = ['lockMovementX', 'lockMovementY', 'lockRotation', 'lockScalingX', 'lockScalingY'] as const;

/** A locked layer cannot be selected on the canvas nor moved, turned or resized (it still renders). */
export function isLocked(object: FabricObject): boolean {
  return object.selectable === false && object.lockMovementX;
}

export function setLocked(object: FabricObject, locked: boolean): void {
  object.set({ selectable: !locked, evented: !locked });
  for (const lock of LOCKS) object.set(lock, locked);
}

/** Puts an object at a stacking index (0 = back), clamped to the canvas. */
export function moveLayer(canvas: StaticCanvas, object: FabricObject, index: number): void {
  const last = canvas.getObjects().length - 1;
  canvas.moveObjectTo(object, Math.max(0, Math.min(last, index)));
}
