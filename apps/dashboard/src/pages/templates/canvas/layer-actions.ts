import type { FabricObject, Group, StaticCanvas } from 'fabric';

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

/** The objects in stacking order (back first), whatever order they were picked in. */
function inStackingOrder(canvas: StaticCanvas, objects: FabricObject[]): FabricObject[] {
  const all = canvas.getObjects();
  return [...objects].sort((a, b) => all.indexOf(a) - all.indexOf(b));
}

/**
 * Puts `members` into `group` where the topmost of them was: objects that were above it stay above the group,
 * objects between members stay below it, and inside the group the members keep their order.
 */
export function groupInPlace(canvas: StaticCanvas, members: FabricObject[], group: Group): Group {
  const ordered = inStackingOrder(canvas, members);
  const top = canvas.getObjects().indexOf(ordered[ordered.length - 1]!);
  canvas.remove(...ordered);
  group.add(...ordered);
  // Every member below the topmost one is gone from beneath it.
  canvas.insertAt(top - (ordered.length - 1), group);
  return group;
}

/** Gives a group's objects back to the canvas at the group's place, in their order; answers them. */
export function ungroupInPlace(canvas: StaticCanvas, group: Group): FabricObject[] {
  const index = canvas.getObjects().indexOf(group);
  // removeAll gives each child its place on the canvas back (the group's transform applied to it).
  const members = group.removeAll();
  canvas.remove(group);
  canvas.insertAt(index, ...members);
  return members;
}
