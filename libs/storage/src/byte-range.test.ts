import { resolveRange } from './byte-range.js';

describe('resolveRange', () => {
  it('serves the whole object without a header, or with one it does not understand', () => {
    expect(resolveRange(undefined, 10)).toEqual({ kind: 'whole' });
    expect(resolveRange('items=0-1', 10)).toEqual({ kind: 'whole' });
    expect(resolveRange('bytes=0-1,4-5', 10)).toEqual({ kind: 'whole' });
    expect(resolveRange('bytes=-', 10)).toEqual({ kind: 'whole' });
    expect(resolveRange('bytes=5-2', 10)).toEqual({ kind: 'whole' });
  });

  it('resolves closed, open-ended and suffix ranges, clamped to the end', () => {
    expect(resolveRange('bytes=0-1', 10)).toEqual({ kind: 'partial', range: { start: 0, end: 1 } });
    expect(resolveRange('bytes=4-', 10)).toEqual({ kind: 'partial', range: { start: 4, end: 9 } });
    expect(resolveRange('bytes=4-100', 10)).toEqual({ kind: 'partial', range: { start: 4, end: 9 } });
    expect(resolveRange('bytes=-3', 10)).toEqual({ kind: 'partial', range: { start: 7, end: 9 } });
    expect(resolveRange('bytes=-30', 10)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
  });

  it('refuses a range that starts past the end (416)', () => {
    expect(resolveRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange('bytes=99-100', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
