import { layoutChoices, layoutName } from '../src/pages/batches/layout-choices.js';

describe('the sizes a batch can render each row in', () => {
  test('nothing to choose for a template without layouts of its own', () => {
    expect(layoutChoices({ width: 200, height: 100, layouts: {} })).toEqual([]);
    expect(layoutChoices({ width: 200, height: 100 })).toEqual([]);
  });

  test('the main size first, then each layout by name, each with its pixels', () => {
    expect(
      layoutChoices({
        width: 200,
        height: 100,
        layouts: { square: { width: 100, height: 100 }, story: { name: 'Story', width: 90, height: 160 } },
      }),
    ).toEqual([
      { key: 'default', label: 'Main size (200 × 100)' },
      { key: 'square', label: 'square (100 × 100)' },
      { key: 'story', label: 'Story (90 × 160)' },
    ]);
  });

  test("a layout without a size of its own has the template's", () => {
    expect(layoutChoices({ width: 200, height: 100, layouts: { dark: {} } })[1]).toEqual({ key: 'dark', label: 'dark (200 × 100)' });
  });

  test('the results name a size as the form does: Main size, the display name, else the key', () => {
    const template = { layouts: { story: { name: 'Story', width: 90, height: 160 }, square: { width: 100, height: 100 } } };
    expect(layoutName(template, 'default')).toBe('Main size');
    expect(layoutName(template, 'story')).toBe('Story');
    expect(layoutName(template, 'square')).toBe('square');
    // A layout the template lost since the batch ran, or a template not loaded: its key.
    expect(layoutName(template, 'gone')).toBe('gone');
    expect(layoutName(undefined, 'story')).toBe('story');
  });
});
