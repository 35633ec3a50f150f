import { ActiveSelection, type Canvas, type FabricObject } from 'fabric';
import { alignShifts, distributeShifts, type AlignEdge, type Box, type DistributeAxis, type Shift } from './geometry';

/** What a user may pick: visible and not locked (the layers panel's lock turns `selectable` off). */
export function isPickable(object: FabricObject): boolean {
  return object.visible && object.selectable && object.evented;
}

/** Selects exactly these objects: one as itself, several as fabric's ActiveSelection, none clears. */
export function selectObjects(canvas: Canvas, objects: FabricObject[]): void {
  canvas.discardActiveObject();
  if (objects.length === 1) canvas.setActiveObject(objects[0]!);
  else if (objects.length > 1) canvas.setActiveObject(new ActiveSelection(objects, { canvas }));
  canvas.requestRenderAll();
}

/** Ctrl+A: every visible, unlocked object on the page. */
export function selectAll(canvas: Canvas): void {
  selectObjects(canvas, canvas.getObjects().filter(isPickable));
}

/**
 * Moves objects by shifts in design pixels. Objects inside an ActiveSelection hold coordinates relative to it,
 * so the selection is taken apart first (fabric writes each object's page position back) and made again.
 */
function moveEach(canvas: Canvas, objects: FabricObject[], shifts: Shift[]): void {
  const reselect = canvas.getActiveObjects();
  canvas.discardActiveObject();
  objects.forEach((object, i) => {
    const { dx, dy } = shifts[i]!;
    if (dx === 0 && dy === 0) return;
    object.set({ left: object.left + dx, top: object.top + dy });
    object.setCoords();
  });
  selectObjects(canvas, reselect);
}

/** Boxes read after the selection is taken apart: the page positions of each object. */
function boxesOf(canvas: Canvas, objects: FabricObject[]): Box[] {
  const reselect = canvas.getActiveObjects();
  canvas.discardActiveObject();
  const boxes = objects.map((o) => o.getBoundingRect());
  selectObjects(canvas, reselect);
  return boxes;
}

/**
 * Aligns the selection: several objects to their common bounds, a single object to the page (so "centre" on
 * one object centres it on the design). Returns whether anything moved.
 */
export function alignSelection(canvas: Canvas, edge: AlignEdge, page: { width: number; height: number }): boolean {
  const objects = canvas.getActiveObjects();
  if (objects.length === 0) return false;
  const boxes = boxesOf(canvas, objects);
  const reference = objects.length === 1 ? { left: 0, top: 0, ...page } : undefined;
  const shifts = alignShifts(boxes, edge, reference);
  moveEach(canvas, objects, shifts);
  return shifts.some((s) => s.dx !== 0 || s.dy !== 0);
}

/** Equal gaps between three or more selected objects. Returns whether anything moved. */
export function distributeSelection(canvas: Canvas, axis: DistributeAxis): boolean {
  const objects = canvas.getActiveObjects();
  if (objects.length < 3) return false;
  const shifts = distributeShifts(boxesOf(canvas, objects), axis);
  moveEach(canvas, objects, shifts);
  return shifts.some((s) => s.dx !== 0 || s.dy !== 0);
}

/** Arrow keys: moves the selection (a whole ActiveSelection at once) unless it is locked against moving. */
export function nudgeSelection(canvas: Canvas, dx: number, dy: number): boolean {
  const active = canvas.getActiveObject();
  if (!active) return false;
  const x = active.lockMovementX ? 0 : dx;
  const y = active.lockMovementY ? 0 : dy;
  if (x === 0 && y === 0) return false;
  active.set({ left: active.left + x, top: active.top + y });
  active.setCoords();
  canvas.requestRenderAll();
  return true;
}
