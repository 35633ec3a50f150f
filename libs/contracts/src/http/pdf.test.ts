import { lengthToPoints, pxToPoints } from './pdf.js';

describe('pxToPoints', () => {
  it('turns CSS pixels into PDF points, 96 px to 72 pt', () => {
    expect(pxToPoints(96)).toBe(72);
    expect(pxToPoints(1200)).toBe(900);
    expect(pxToPoints(0)).toBe(0);
  });

  it('is the conversion of a length given in px', () => {
    expect(lengthToPoints('24px')).toBe(pxToPoints(24));
    expect(lengthToPoints('1in')).toBe(pxToPoints(96));
    expect(lengthToPoints('12pt')).toBe(12);
  });
});
