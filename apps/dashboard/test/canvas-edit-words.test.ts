import {
  addedWords,
  alignedWords,
  deletedWords,
  distributedWords,
  movedWords,
  sayAgain,
  selectedWords,
  stepWords,
} from '../src/pages/templates/canvas/interactions/edit-words.js';
import { changeOfStep } from '../src/pages/templates/canvas/interactions/step-change.js';
import { steppedLayer } from '../src/pages/templates/canvas/interactions/layer-step.js';
import { shortcutFor } from '../src/pages/templates/canvas/interactions/shortcuts.js';

/**
 * What the canvas editor says after a keyboard move, delete or layer step, an align, distribute, paste, duplicate,
 * undo or redo (interactions/edit-words.ts, step-change.ts), and [ and ] (with AltGr too).
 */

test('a move says the layer and its X and Y as the Properties fields show them (hundredths)', () => {
  expect(movedWords(['Red'], { x: 23, y: 30 })).toBe('Red: X 23, Y 30.');
  expect(movedWords(['Title'], { x: 10.123, y: -4.006 })).toBe('Title: X 10.12, Y -4.01.');
  expect(movedWords(['Red', 'Green', 'Blue'], { x: 0, y: 5 })).toBe('3 layers: X 0, Y 5.');
});

test('a delete names what went and how to bring it back', () => {
  expect(deletedWords(['Green'])).toBe('Deleted Green. Ctrl+Z brings it back.');
  expect(deletedWords(['Red', 'Blue'])).toBe('Deleted 2 layers. Ctrl+Z brings them back.');
});

test('the same words twice in a row still change the live region, so they are read out again', () => {
  const first = sayAgain('', 'Deleted Box. Ctrl+Z brings it back.');
  const second = sayAgain(first, 'Deleted Box. Ctrl+Z brings it back.');
  const third = sayAgain(second, 'Deleted Box. Ctrl+Z brings it back.');
  expect(second).not.toBe(first);
  expect(third).not.toBe(second);
  expect(second.trim()).toBe(first);
});

test('[ and ] step through the pickable layers by their place in the stack, wrapping; none selected starts at an end', () => {
  const all = [true, true, true];
  expect(shortcutFor({ key: '[', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })).toBe('selectBehind');
  expect(shortcutFor({ key: ']', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })).toBe('selectInFront');
  // None selected: [ takes the front layer (the top of Layers), ] the back one.
  expect(steppedLayer(all, undefined, -1)).toBe(2);
  expect(steppedLayer(all, undefined, 1)).toBe(0);
  expect(steppedLayer(all, 1, 1)).toBe(2);
  expect(steppedLayer(all, 2, 1)).toBe(0);
  expect(steppedLayer(all, 0, -1)).toBe(2);
  // A hidden or locked layer is passed over; with none to pick, nothing.
  expect(steppedLayer([true, false, true], 2, -1)).toBe(0);
  expect(steppedLayer([false, true, false], 1, 1)).toBe(1);
  expect(steppedLayer([false, false], undefined, 1)).toBeUndefined();
  expect(steppedLayer([], undefined, -1)).toBeUndefined();
});

test('a step says the layer, its place front to back and where it is', () => {
  expect(selectedWords('Blue', { of: 1, count: 2 }, { x: 300, y: 40 })).toBe('Selected Blue: 1 of 2, front to back. X 300, Y 40.');
});

test('[ and ] typed with AltGr (Ctrl+Alt on Windows, the AltGraph modifier elsewhere) still choose a layer; Ctrl alone does not', () => {
  const press = { ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
  expect(shortcutFor({ ...press, key: '[', ctrlKey: true, altKey: true })).toBe('selectBehind');
  expect(shortcutFor({ ...press, key: ']', getModifierState: (key) => key === 'AltGraph' })).toBe('selectInFront');
  expect(shortcutFor({ ...press, key: ']', altKey: true })).toBe('selectInFront');
  expect(shortcutFor({ ...press, key: '[', ctrlKey: true })).toBeUndefined();
  expect(shortcutFor({ ...press, key: '[', metaKey: true, altKey: true })).toBeUndefined();
});

test('align, distribute, paste and duplicate say what moved or came, and to which layers', () => {
  expect(alignedWords(['Red', 'Blue'], 'left', true)).toBe('Aligned 2 layers to the left.');
  expect(alignedWords(['Red'], 'centre', true)).toBe('Aligned Red to the centre of the page.');
  expect(alignedWords(['Red', 'Blue'], 'top', false)).toBe('2 layers are already aligned to the top.');
  expect(distributedWords(['A', 'B', 'C'], 'vertical', true)).toBe('Distributed 3 layers vertically.');
  expect(distributedWords(['A', 'B', 'C'], 'horizontal', false)).toBe('3 layers are already evenly spaced horizontally.');
  expect(addedWords('Pasted', ['Blue'], { x: 320, y: 60 })).toBe('Pasted Blue: X 320, Y 60.');
  expect(addedWords('Duplicated', ['Red', 'Blue'], { x: 0.123, y: 4 })).toBe('Duplicated 2 layers: X 0.12, Y 4.');
});

test('an undo or redo step is said by what it changed between the designs before and after it', () => {
  const o = (name: string, left = 0, fill = 'red') => JSON.stringify({ type: 'Rect', name, left, top: 0, fill });
  const nameOf = (object: Record<string, unknown>) => String(object.name);
  const said = (before: string[], after: string[]) => stepWords('Undid', changeOfStep(before, after, nameOf));
  expect(said([o('Red')], [o('Red'), o('Red', 20)])).toBe('Undid: added Red.');
  expect(said([o('Red'), o('Blue'), o('Green')], [o('Blue')])).toBe('Undid: deleted 2 layers.');
  expect(said([o('Red'), o('Blue')], [o('Red', 5), o('Blue')])).toBe('Undid: moved Red.');
  expect(said([o('Red'), o('Blue')], [o('Red', 5), o('Blue', 5)])).toBe('Undid: moved 2 layers.');
  expect(said([o('Red'), o('Blue')], [o('Red', 0, 'blue'), o('Blue')])).toBe('Undid: changed Red.');
  expect(said([o('Red'), o('Blue')], [o('Blue'), o('Red')])).toBe('Undid: changed the layer order.');
  expect(said([o('Red')], [o('Red')])).toBe('Undid: changed the design.');
  expect(stepWords('Redid', changeOfStep([o('Title')], [o('Title', 3)], nameOf))).toBe('Redid: moved Title.');
});
