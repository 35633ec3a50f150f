import { familiesUsed, fontFaceCss, withFontFaces, type OwnerFont } from './font-face.js';

const font: OwnerFont = { family: 'Brand Sans', weight: 700, style: 'italic', contentType: 'font/woff2', bytes: Buffer.from('wOF2fake') };

describe('owner font faces', () => {
  it('finds the families a document names, ignoring case', () => {
    expect(familiesUsed(`<p style="font-family:'brand sans'">x</p>`, ['Brand Sans', 'Other'])).toEqual(new Set(['Brand Sans']));
    expect(familiesUsed('{"fontFamily":"Other"}', ['Brand Sans'])).toEqual(new Set());
  });

  it('declares each font with its weight, style and bytes as a data: URL', () => {
    expect(fontFaceCss([font])).toBe(
      `@font-face{font-family:"Brand Sans";src:url("data:font/woff2;base64,${font.bytes.toString('base64')}");font-weight:700;font-style:italic;font-display:block;}`,
    );
  });

  it('puts the rules after the doctype (keeping standards mode) or first when there is none', () => {
    expect(withFontFaces('<!DOCTYPE html><html><p>x</p></html>', [font])).toMatch(/^<!DOCTYPE html><style data-pressroom-fonts>@font-face/);
    expect(withFontFaces('<p>x</p>', [font])).toMatch(/^<style data-pressroom-fonts>.*<\/style><p>x<\/p>$/);
    expect(withFontFaces('<p>x</p>', [])).toBe('<p>x</p>');
  });
});
