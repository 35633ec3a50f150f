import { overlaps, placeNewObject, visibleDesignArea } from '../src/pages/templates/canvas/new-object-place.js';

describe('visibleDesignArea', () => {
  it('is the part of the canvas inside every clip, in design pixels at the zoom', () => {
    // A 2000×1000 design at 50 % (1000×500 on screen), scrolled 200 px right, in a 400×300 scroller.
    const canvas = { left: -100, top: 50, right: 900, bottom: 550 };
    const scroller = { left: 100, top: 50, right: 500, bottom: 350 };
    const window = { left: 0, top: 0, right: 1280, bottom: 800 };
    expect(visibleDesignArea(canvas, [scroller, window], 0.5, { width: 2000, height: 1000 })).toEqual({
      left: 400,
      top: 0,
      width: 800,
      height: 600,
    });
  });

  it('is the whole design when the canvas is not on screen at all', () => {
    const canvas = { left: 0, top: 2000, right: 400, bottom: 2300 };
    expect(visibleDesignArea(canvas, [{ left: 0, top: 0, right: 1280, bottom: 800 }], 1, { width: 400, height: 300 })).toEqual({
      left: 0,
      top: 0,
      width: 400,
      height: 300,
    });
  });
});

describe('placeNewObject', () => {
  const visible = { left: 100, top: 0, width: 800, height: 600 };

  it('centres the object in the visible area', () => {
    expect(placeNewObject(visible, { width: 200, height: 100 }, [])).toEqual({ left: 400, top: 250 });
  });

  it('puts an object larger than the visible area at its top-left corner', () => {
    expect(placeNewObject(visible, { width: 1000, height: 900 }, [])).toEqual({ left: 100, top: 0 });
  });

  it('lands where it overlaps no existing bounding box, nearest the centre', () => {
    const size = { width: 200, height: 100 };
    const boxes = [{ left: 400, top: 250, width: 200, height: 100 }];
    const at = placeNewObject(visible, size, boxes);
    expect(boxes.some((b) => overlaps({ ...at, ...size }, b))).toBe(false);
    expect(at.left).toBeGreaterThanOrEqual(visible.left);
    expect(at.top + size.height).toBeLessThanOrEqual(visible.height);
    // A second one avoids both.
    const next = placeNewObject(visible, size, [...boxes, { ...at, ...size }]);
    expect([...boxes, { ...at, ...size }].some((b) => overlaps({ ...next, ...size }, b))).toBe(false);
    // A deleted object frees the centre again.
    expect(placeNewObject(visible, size, [])).toEqual({ left: 400, top: 250 });
  });

  it('falls back to the centre when no free spot exists', () => {
    expect(placeNewObject(visible, { width: 200, height: 100 }, [{ ...visible }])).toEqual({ left: 400, top: 250 });
  });
});
