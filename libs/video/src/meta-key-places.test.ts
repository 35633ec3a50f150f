import { metaKeyPlaces } from './meta-key-places.js';

describe('where a scene writes its meta', () => {
  it('finds each first-level key at its line and column, not the same names deeper in', () => {
    const tsx = [
      "import { AbsoluteFill } from 'remotion';",
      '',
      'export const meta = {',
      '  width: 1280, // width: in a comment',
      "  'height': 720,",
      '  defaultProps: { width: 3, label: "fps: 1, }", list: [{ fps: 2 }] },',
      '  /* durationInFrames: 9 */ fps: 30,',
      '  durationInFrames: `${1}`.length * 90,',
      '};',
    ].join('\n');
    const places = metaKeyPlaces(tsx)!;
    expect(places.declaration).toEqual({ line: 3, column: 8 });
    expect(Object.fromEntries(places.keys)).toEqual({
      width: { line: 4, column: 3 },
      height: { line: 5, column: 3 },
      defaultProps: { line: 6, column: 3 },
      fps: { line: 7, column: 29 },
      durationInFrames: { line: 8, column: 3 },
    });
  });

  it('reads a meta with a type annotation or exported later, on one line', () => {
    const places = metaKeyPlaces('const meta: Meta = { width: 2, fps: 30 } satisfies Meta;\nexport { meta };')!;
    expect(places.declaration).toEqual({ line: 1, column: 1 });
    expect(places.keys.get('fps')).toEqual({ line: 1, column: 32 });
  });

  it('is null without a meta object literal', () => {
    expect(metaKeyPlaces('export const schema = {};')).toBeNull();
    expect(metaKeyPlaces('export const meta = makeMeta();')).toBeNull();
  });
});
