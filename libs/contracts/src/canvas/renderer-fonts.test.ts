import { existsSync } from 'node:fs';
import { DEFAULT_TEXT_FONT, RENDERER_FONTS, rendererFontFamily, rendererFontFile, rendererFontPath } from './renderer-fonts.js';

describe('renderer fonts', () => {
  it('names each file once, with four faces a family', () => {
    const files = RENDERER_FONTS.flatMap((f) => f.faces.map((face) => face.file));
    expect(new Set(files).size).toBe(files.length);
    for (const family of RENDERER_FONTS) expect(family.faces).toHaveLength(4);
    expect(files).toContain('LiberationSerif-BoldItalic.ttf');
    expect(files).toContain('DejaVuSans.ttf');
    expect(files).toContain('DejaVuSans-Oblique.ttf');
    expect(rendererFontFamily(DEFAULT_TEXT_FONT)?.family).toBe('Liberation Sans');
  });

  it('finds the family a fontFamily names, whatever its case, quotes and fallbacks', () => {
    expect(rendererFontFamily('Liberation Serif')?.family).toBe('Liberation Serif');
    expect(rendererFontFamily('"dejavu sans", sans-serif')?.family).toBe('DejaVu Sans');
    expect(rendererFontFamily("'Noto Sans'")?.family).toBe('Noto Sans');
    expect(rendererFontFamily('sans-serif')).toBeUndefined();
    expect(rendererFontFamily('Georgia')).toBeUndefined();
  });

  it('serves only the listed files', () => {
    expect(rendererFontFile('NotoSans-Bold.ttf')).toEqual({
      family: 'Noto Sans',
      face: { weight: 'bold', style: 'normal', file: 'NotoSans-Bold.ttf' },
    });
    expect(rendererFontFile('../NotoSans-Bold.ttf')).toBeUndefined();
    expect(rendererFontFile('NotoSans-Black.ttf')).toBeUndefined();
    expect(rendererFontPath(RENDERER_FONTS[0]!.faces[0]!)).toBe('/app/fonts/NotoSans-Regular.ttf');
  });

  it('lists files this machine has (the packages setup.sh installs)', () => {
    const dirs = ['noto', 'liberation2', 'dejavu'].map((d) => `/usr/share/fonts/truetype/${d}`);
    for (const family of RENDERER_FONTS)
      for (const face of family.faces) expect([face.file, dirs.some((d) => existsSync(`${d}/${face.file}`))]).toEqual([face.file, true]);
  });
});
