/** An owner's font as the renderer needs it. */
export interface OwnerFont {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  contentType: string;
  bytes: Buffer;
}

/** Families named anywhere in a page or design: only those fonts are worth shipping to the browser. */
export function familiesUsed(text: string, families: string[]): Set<string> {
  const lower = text.toLowerCase();
  return new Set(families.filter((family) => lower.includes(family.toLowerCase())));
}

export const fontDataUrl = (font: OwnerFont): string => `data:${font.contentType};base64,${font.bytes.toString('base64')}`;

/** @font-face rules that make the owner's fonts usable by family name in an HTML page. */
export function fontFaceCss(fonts: OwnerFont[]): string {
  return fonts
    .map(
      (font) =>
        `@font-face{font-family:"${font.family}";src:url("${fontDataUrl(font)}");font-weight:${font.weight};font-style:${font.style};font-display:block;}`,
    )
    .join('\n');
}

/**
 * The page with the fonts declared first. A <style> before the document still
 * applies (the parser moves it into <head>), and declarations the page makes
 * itself come later and win.
 */
export function withFontFaces(html: string, fonts: OwnerFont[]): string {
  if (fonts.length === 0) return html;
  const style = `<style data-pressroom-fonts>${fontFaceCss(fonts)}</style>`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${style}${html.slice(doctype[0].length)}` : `${style}${html}`;
}
