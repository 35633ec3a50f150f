import { offsetObjects, PASTE_OFFSET } from '../src/pages/templates/canvas/interactions/clipboard-offset.js';
import { alignShifts, distributeShifts, unionOf, type Box } from '../src/pages/templates/canvas/interactions/geometry.js';
import { History } from '../src/pages/templates/canvas/interactions/history.js';
import { reselectAfterStep } from '../src/pages/templates/canvas/interactions/reselect.js';
import { isTypingTarget, nudgeOf, shortcutFor, SHORTCUTS, type KeyPress } from '../src/pages/templates/canvas/interactions/shortcuts.js';
import { snapMove } from '../src/pages/templates/canvas/interactions/snapping.js';
import {
  areaHeight,
  clampZoom,
  fitsAtActualSize,
  fitZoom,
  maxAreaHeight,
  scrollAfterZoom,
  stepZoom,
  wheelZoom,
} from '../src/pages/templates/canvas/interactions/zoom.js';

const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, width, height });
const moved = (b: Box, s: { dx: number; dy: number }): Box => ({ ...b, left: b.left + s.dx, top: b.top + s.dy });

describe('align', () => {
  const boxes = [box(10, 20, 30, 40), box(100, 5, 50, 10), box(60, 80, 20, 20)];

  it('meets the selection bounds on each edge and centre line', () => {
    const bounds = unionOf(boxes);
    expect(bounds).toEqual(box(10, 5, 140, 95));
    const after = (edge: Parameters<typeof alignShifts>[1]) => alignShifts(boxes, edge).map((s, i) => moved(boxes[i]!, s));
    expect(after('left').map((b) => b.left)).toEqual([10, 10, 10]);
    expect(after('right').map((b) => b.left + b.width)).toEqual([150, 150, 150]);
    expect(after('centre').map((b) => b.left + b.width / 2)).toEqual([80, 80, 80]);
    expect(after('top').map((b) => b.top)).toEqual([5, 5, 5]);
    expect(after('bottom').map((b) => b.top + b.height)).toEqual([100, 100, 100]);
    expect(after('middle').map((b) => b.top + b.height / 2)).toEqual([52.5, 52.5, 52.5]);
    // Aligning horizontally never moves vertically, and the other way round.
    expect(alignShifts(boxes, 'left').every((s) => s.dy === 0)).toBe(true);
    expect(alignShifts(boxes, 'top').every((s) => s.dx === 0)).toBe(true);
  });

  it('aligns one object to a reference (the page)', () => {
    const [shift] = alignShifts([box(10, 10, 100, 50)], 'centre', box(0, 0, 1200, 630));
    expect(shift).toEqual({ dx: 540, dy: 0 });
    expect(alignShifts([box(10, 10, 100, 50)], 'bottom', box(0, 0, 1200, 630))[0]).toEqual({ dx: 0, dy: 570 });
  });
});

describe('distribute', () => {
  it('leaves equal gaps between neighbours, keeping the outer two in place, in the input order', () => {
    // Unsorted on purpose: the middle box is given last.
    const boxes = [box(0, 0, 10, 10), box(90, 50, 10, 10), box(20, 30, 30, 10)];
    const shifts = distributeShifts(boxes, 'horizontal');
    const after = shifts.map((s, i) => moved(boxes[i]!, s));
    expect(shifts[0]).toEqual({ dx: 0, dy: 0 });
    expect(shifts[1]).toEqual({ dx: 0, dy: 0 });
    // Span 100, widths 50: gaps of 25.
    expect(after[2]!.left).toBe(35);
    expect(after.every((b, i) => b.top === boxes[i]!.top)).toBe(true);
  });

  it('distributes vertically with different heights', () => {
    const boxes = [box(0, 0, 10, 10), box(0, 15, 10, 40), box(0, 60, 10, 20), box(0, 190, 10, 10)];
    const after = distributeShifts(boxes, 'vertical').map((s, i) => moved(boxes[i]!, s));
    const gaps = [1, 2, 3].map((i) => after[i]!.top - (after[i - 1]!.top + after[i - 1]!.height));
    expect(gaps).toEqual([40, 40, 40]);
    expect(after.every((b) => b.left === 0)).toBe(true);
  });

  it('does nothing with fewer than three objects', () => {
    expect(distributeShifts([box(0, 0, 1, 1), box(50, 0, 1, 1)], 'horizontal')).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ]);
  });
});

describe('snapMove', () => {
  const page = { width: 1200, height: 630 };

  it('pulls a box whose centre is near the page centre onto it, with guides across the page', () => {
    const result = snapMove({ moving: box(497, 262, 200, 100), others: [], page, threshold: 6 });
    expect(result.dx).toBe(3);
    expect(result.dy).toBe(3);
    expect(result.guides).toContainEqual({ axis: 'vertical', x: 600, y1: 0, y2: 630 });
    expect(result.guides).toContainEqual({ axis: 'horizontal', y: 315, x1: 0, x2: 1200 });
  });

  it('snaps to another object edge and picks the nearest line', () => {
    const other = box(300, 300, 100, 100);
    // Its left edge (404) is 4 px from the other's right edge (400); vertically nothing is within 6 px.
    const result = snapMove({ moving: box(404, 140, 50, 50), others: [other], page, threshold: 6 });
    expect(result.dx).toBe(-4);
    expect(result.dy).toBe(0);
    // The guide spans both boxes.
    expect(result.guides).toContainEqual({ axis: 'vertical', x: 400, y1: 140, y2: 400 });
  });

  it('leaves a box alone beyond the threshold (a threshold in screen pixels divided by the zoom)', () => {
    const atHalfZoom = snapMove({ moving: box(490, 100, 200, 50), others: [], page, threshold: 6 / 0.5 });
    expect(atHalfZoom.dx).toBe(10);
    const atDoubleZoom = snapMove({ moving: box(490, 100, 200, 50), others: [], page, threshold: 6 / 2 });
    expect(atDoubleZoom).toEqual({ dx: 0, dy: 0, guides: [] });
  });
});

describe('History', () => {
  it('undoes and redoes whole states, drops the redo branch on a new change and ignores no-op records', () => {
    const h = new History('a');
    expect(h.record('a')).toBe(false);
    h.record('b');
    h.record('c');
    expect(h.undo()).toBe('b');
    expect(h.undo()).toBe('a');
    expect(h.undo()).toBeUndefined();
    expect(h.redo()).toBe('b');
    h.record('d');
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe('b');
    expect(h.current).toBe('b');
  });

  it('keeps at most `cap` steps', () => {
    const h = new History('0', { cap: 3 });
    for (let i = 1; i <= 10; i++) h.record(String(i));
    expect(h.depth).toBe(3);
    expect([h.undo(), h.undo(), h.undo(), h.undo()]).toEqual(['9', '8', '7', undefined]);
  });

  it('coalesces a gesture (same key within the window) into one step', () => {
    let now = 0;
    const h = new History('x0', { coalesceMs: 500, now: () => now });
    h.record('x1', { coalesce: 'nudge' });
    now += 100;
    h.record('x2', { coalesce: 'nudge' });
    now += 100;
    h.record('x3', { coalesce: 'nudge' });
    expect(h.depth).toBe(1);
    now += 1000;
    h.record('x4', { coalesce: 'nudge' });
    expect(h.depth).toBe(2);
    h.record('y', { coalesce: 'other' });
    expect(h.undo()).toBe('x4');
    expect(h.undo()).toBe('x3');
    expect(h.undo()).toBe('x0');
  });

  it('keeps what goes with a state (the editor’s design revision): undo gives it back, `same` compares the design only', () => {
    const h = new History({ json: 'a', revision: 1 }, { same: (x, y) => x.json === y.json });
    expect(h.record({ json: 'a', revision: 2 })).toBe(false); // a selection or a no-op: not a step
    h.record({ json: 'b', revision: 3 });
    expect(h.undo()).toEqual({ json: 'a', revision: 1 }); // the saved state's revision: nothing unsaved
    expect(h.redo()).toEqual({ json: 'b', revision: 3 });
  });

  it('reset forgets everything', () => {
    const h = new History('a');
    h.record('b');
    h.reset('z');
    expect(h.canUndo).toBe(false);
    expect(h.current).toBe('z');
  });
});

describe('zoom', () => {
  it('clamps, steps and fits', () => {
    expect(clampZoom(100)).toBe(4);
    expect(clampZoom(0)).toBe(0.1);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(stepZoom(1, 'in')).toBe(1.25);
    expect(stepZoom(1, 'out')).toBe(0.75);
    expect(stepZoom(0.8, 'out')).toBe(0.75);
    expect(stepZoom(4, 'in')).toBe(4);
    expect(fitZoom({ width: 1200, height: 630 }, { width: 648, height: 600 })).toBe(0.5);
    // The editor opens at 100 % when the design shows whole there, fitted when either side is larger.
    expect(fitsAtActualSize({ width: 400, height: 300 }, { width: 520, height: 600 })).toBe(true);
    expect(fitsAtActualSize({ width: 520, height: 600 }, { width: 520, height: 600 })).toBe(true);
    expect(fitsAtActualSize({ width: 1080, height: 1080 }, { width: 520, height: 1200 })).toBe(false);
    expect(fitsAtActualSize({ width: 400, height: 1920 }, { width: 520, height: 600 })).toBe(false);
    // The canvas area follows the design as drawn, with the fit's margin above and below, up to 70 % of the window
    // (at least 320 px) and down to 120 px: a fitted 1200×630 banner in a 534 px column leaves no band under it.
    expect(maxAreaHeight(800)).toBe(560);
    expect(maxAreaHeight(400)).toBe(320);
    const banner = fitZoom({ width: 1200, height: 630 }, { width: 534, height: maxAreaHeight(800) });
    expect(areaHeight(630 * banner, 800)).toBe(Math.round(630 * banner) + 48);
    expect(areaHeight(1920, 800)).toBe(560);
    expect(areaHeight(40, 800)).toBe(120);
    // …and within the first screen: on a 390×844 phone whose chrome takes 300 px, a 1080×1920 story's area ends
    // 8 px above the screen's edge (not at 70 % of 844 = 591 px, under it); a window with little left keeps 240 px.
    expect(maxAreaHeight(844, 300)).toBe(536);
    expect(areaHeight(1920, 844, 300)).toBe(536);
    expect(maxAreaHeight(800, 200)).toBe(560);
    expect(maxAreaHeight(390, 300)).toBe(240);
    expect(wheelZoom(1, -100)).toBeGreaterThan(1.2);
    expect(wheelZoom(1, 100)).toBeLessThan(0.85);
  });

  it('keeps the design point under the pointer where it was', () => {
    const after = scrollAfterZoom({ zoom: 1, scrollLeft: 100, scrollTop: 50 }, 2, { x: 200, y: 100 });
    // Design point (300, 150) was at (200, 100) in the viewport; at zoom 2 it is at (600, 300) in the content.
    expect(after).toEqual({ scrollLeft: 400, scrollTop: 200 });
  });
});

describe('shortcuts', () => {
  const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });

  it('maps Ctrl and Cmd the same, with Shift for redo', () => {
    expect(shortcutFor(press('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(press('z', { metaKey: true }))).toBe('undo');
    expect(shortcutFor(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(press('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutFor(press('c', { metaKey: true }))).toBe('copy');
    expect(shortcutFor(press('v', { ctrlKey: true }))).toBe('paste');
    expect(shortcutFor(press('d', { ctrlKey: true }))).toBe('duplicate');
    expect(shortcutFor(press('a', { ctrlKey: true }))).toBe('selectAll');
    expect(shortcutFor(press('Delete'))).toBe('delete');
    expect(shortcutFor(press('Backspace'))).toBe('delete');
    expect(shortcutFor(press('Escape'))).toBe('deselect');
    expect(shortcutFor(press('ArrowLeft', { shiftKey: true }))).toBe('nudgeLeft');
    expect(shortcutFor(press('!', { shiftKey: true }))).toBe('zoomFit');
    expect(shortcutFor(press('0', { ctrlKey: true }))).toBe('zoomReset');
    expect(shortcutFor(press('1', { ctrlKey: true }))).toBeUndefined();
    expect(shortcutFor(press('c'))).toBeUndefined();
    expect(shortcutFor(press('c', { ctrlKey: true, altKey: true }))).toBeUndefined();
  });

  it('nudges by 1 px, 10 with Shift', () => {
    expect(nudgeOf('nudgeLeft', false)).toEqual({ dx: -1, dy: 0 });
    expect(nudgeOf('nudgeDown', true)).toEqual({ dx: 0, dy: 10 });
    expect(nudgeOf('copy', false)).toBeUndefined();
  });

  it('lists every action once in the help table', () => {
    const actions = SHORTCUTS.map((s) => s.action);
    expect(new Set(actions).size).toBe(actions.length);
  });

  it('stays out of the way while typing', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'number' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('offsetObjects', () => {
  it('moves each paste one more step from the original', () => {
    const objects = [{ type: 'Rect', left: 10, top: 20 }];
    expect(offsetObjects(objects, 1)).toEqual([{ type: 'Rect', left: 10 + PASTE_OFFSET, top: 20 + PASTE_OFFSET }]);
    expect(offsetObjects(objects, 2)[0]!.left).toBe(10 + 2 * PASTE_OFFSET);
    expect(objects[0]!.left).toBe(10);
  });
});

describe('reselectAfterStep', () => {
  // One JSON string per object, in stack order (the canvas's bottom first).
  it('selects the changed object again after a property change is undone (same place in the stack)', () => {
    expect(reselectAfterStep(['A', 'B-red', 'C'], ['A', 'B-blue', 'C'], [1])).toEqual([1]);
  });

  it('follows an unchanged object to its new place after a layer order is undone', () => {
    expect(reselectAfterStep(['B', 'A', 'C'], ['A', 'B', 'C'], [1])).toEqual([0]);
    // Two identical objects: each selected one takes its own match.
    expect(reselectAfterStep(['X', 'X', 'Y'], ['Y', 'X', 'X'], [0, 1])).toEqual([1, 2]);
  });

  it('keeps the selection of objects the step did not touch', () => {
    expect(reselectAfterStep(['A', 'B', 'C'], ['A', 'B', 'C2'], [0])).toEqual([0]);
    // An object added then undone: the selected one is still there.
    expect(reselectAfterStep(['A', 'B', 'New'], ['A', 'B'], [1])).toEqual([1]);
  });

  it('guesses nothing for an object that changed while the number of objects changed too', () => {
    // A paste undone while the pasted copy (changed since) was selected: it is gone.
    expect(reselectAfterStep(['A', 'B', 'Copy-moved'], ['A', 'B'], [2])).toEqual([]);
    // A delete undone: nothing was selected.
    expect(reselectAfterStep(['A'], ['A', 'B'], [])).toEqual([]);
  });

  it('does not take an unchanged object for the changed one at its place', () => {
    // B changed at place 1, but after the step place 1 holds A, unchanged, which moved: only A is matched.
    expect(reselectAfterStep(['A', 'B-new'], ['B-old', 'A'], [0, 1])).toEqual([1]);
  });
});
