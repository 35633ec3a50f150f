/**
 * The font families the renderer's Chromium has (Debian packages fonts-noto-core, fonts-liberation2,
 * fonts-dejavu-core, installed by deploy/scripts/setup.sh and deploy/docker/Dockerfile), one list for the
 * canvas editor's font choice and the gateway route that serves their files to the editor (/app/fonts/<file>):
 * the editor draws with the very files the renderer uses, so wrapping and auto-fit match the render.
 * Liberation is metric-compatible with Arial, Times New Roman and Courier New (fontconfig maps those names to it).
 */
export interface RendererFontFace {
  weight: 'normal' | 'bold';
  style: 'normal' | 'italic';
  /** The file's name in the system's font directories (and in its URL, /app/fonts/<file>). */
  file: string;
}

export interface RendererFontFamily {
  family: string;
  faces: readonly RendererFontFace[];
}

function faces(base: string, names: { regular: string; bold: string; italic: string; boldItalic: string }): RendererFontFace[] {
  return [
    { weight: 'normal', style: 'normal', file: `${base}${names.regular}.ttf` },
    { weight: 'bold', style: 'normal', file: `${base}${names.bold}.ttf` },
    { weight: 'normal', style: 'italic', file: `${base}${names.italic}.ttf` },
    { weight: 'bold', style: 'italic', file: `${base}${names.boldItalic}.ttf` },
  ];
}

const LATIN = { regular: '-Regular', bold: '-Bold', italic: '-Italic', boldItalic: '-BoldItalic' };
const DEJAVU_SANS = { regular: '', bold: '-Bold', italic: '-Oblique', boldItalic: '-BoldOblique' };
const DEJAVU_SERIF = { regular: '', bold: '-Bold', italic: '-Italic', boldItalic: '-BoldItalic' };

export const RENDERER_FONTS: readonly RendererFontFamily[] = [
  { family: 'Noto Sans', faces: faces('NotoSans', LATIN) },
  { family: 'Noto Serif', faces: faces('NotoSerif', LATIN) },
  { family: 'Liberation Sans', faces: faces('LiberationSans', LATIN) },
  { family: 'Liberation Serif', faces: faces('LiberationSerif', LATIN) },
  { family: 'Liberation Mono', faces: faces('LiberationMono', LATIN) },
  { family: 'DejaVu Sans', faces: faces('DejaVuSans', DEJAVU_SANS) },
  { family: 'DejaVu Serif', faces: faces('DejaVuSerif', DEJAVU_SERIF) },
  { family: 'DejaVu Sans Mono', faces: faces('DejaVuSansMono', DEJAVU_SANS) },
];

/**
 * The family new text gets: what the renderer's Chromium draws for `sans-serif` (its default sans-serif font is
 * Arial, which fontconfig gives as Liberation Sans; measured, not what `fc-match sans-serif` says), so new text
 * looks like the bare `sans-serif` of older designs.
 */
export const DEFAULT_TEXT_FONT = 'Liberation Sans';

/** The URL path the gateway serves a face's file at. */
export function rendererFontPath(face: RendererFontFace): string {
  return `/app/fonts/${face.file}`;
}

/** The renderer's family a design's `fontFamily` names (its first family, case and quotes aside), if any. */
export function rendererFontFamily(fontFamily: string): RendererFontFamily | undefined {
  const first = (fontFamily.split(',')[0] ?? '')
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  return RENDERER_FONTS.find((f) => f.family.toLowerCase() === first);
}

/** The face a file name is (only these files are served), if any. */
export function rendererFontFile(file: string): { family: string; face: RendererFontFace } | undefined {
  for (const family of RENDERER_FONTS) {
    const face = family.faces.find((f) => f.file === file);
    if (face) return { family: family.family, face };
  }
  return undefined;
}
