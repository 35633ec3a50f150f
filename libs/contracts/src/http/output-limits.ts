/*
 * The sizes and presets of each output, without zod: the request schemas (image.ts, gif.ts, pdf.ts) build
 * on them, and the dashboard's playground offers the same choices from `@pressroom/contracts/constants`.
 */

/** An image's side in pixels, wherever one is set: POST /image, a template and its layouts, the editor's preview, `render.image`. */
export const IMAGE_MIN_SIZE = 1;
export const IMAGE_MAX_SIZE = 4000;

/** The most distinct renders a URL-signing secret's cap may allow (`maxRenders`). */
export const URL_SIGNING_MAX_RENDERS = 1_000_000_000;

export const GIF_MIN_SIZE = 1;
export const GIF_MAX_SIZE = 2000;

/** The shortest `frameDurationSeconds` of POST /gif (the longest is the quality preset's `maxSeconds`). */
export const GIF_MIN_SECONDS = 0.1;

/** The contract's quality presets: frames per second and the longest capture. */
export const GIF_QUALITY_PRESETS = {
  low: { fps: 10, maxSeconds: 10 },
  medium: { fps: 15, maxSeconds: 15 },
  high: { fps: 24, maxSeconds: 30 },
} as const;
/** The preset of a GIF request that names none. */
export const GIF_DEFAULT_QUALITY = 'medium' satisfies keyof typeof GIF_QUALITY_PRESETS;

/** Paper presets, in millimetres (ISO 216 and US sizes). Points = mm / 25.4 × 72. */
export const PDF_PAPER_PRESETS = {
  A4: { widthMm: 210, heightMm: 297 },
  Letter: { widthMm: 215.9, heightMm: 279.4 },
  Legal: { widthMm: 215.9, heightMm: 355.6 },
  A3: { widthMm: 297, heightMm: 420 },
  A5: { widthMm: 148, heightMm: 210 },
} as const;
export type PdfPaperPreset = keyof typeof PDF_PAPER_PRESETS;
export const PDF_DEFAULT_PRESET: PdfPaperPreset = 'A4';

/** CSS pixels in a millimetre (96 px = 1 inch = 25.4 mm); a pixel is 0.75 pt. */
const PX_PER_MM = 96 / 25.4;

/**
 * A paper preset as a page size in whole CSS pixels, turned as asked: the `width` and `height` that
 * POST /templates/{uid}/render takes for a PDF's page (it reads no preset). US sizes are exact (Letter landscape is
 * 1056×816 px, 792×612 pt); ISO sizes are within half a pixel (A4 is 794×1123 px), which that render reads back as
 * the preset itself (paperOfPixels).
 */
export function paperPresetPixels(preset: PdfPaperPreset, landscape: boolean): { width: number; height: number } {
  const width = Math.round(PDF_PAPER_PRESETS[preset].widthMm * PX_PER_MM);
  const height = Math.round(PDF_PAPER_PRESETS[preset].heightMm * PX_PER_MM);
  return landscape ? { width: height, height: width } : { width, height };
}

/**
 * The paper a pixel page size stands for, when it is exactly a preset's `paperPresetPixels` (either way round): a
 * template PDF render asked for 794×1123 px means A4, and prints on A4 exactly (595.28×841.89 pt), not on the
 * rounded pixels' 595.5×842.25 pt, which PDF readers do not call A4.
 */
export function paperOfPixels(size: { width: number; height: number }): { preset: PdfPaperPreset; landscape: boolean } | undefined {
  for (const preset of Object.keys(PDF_PAPER_PRESETS) as PdfPaperPreset[]) {
    for (const landscape of [false, true]) {
      const paper = paperPresetPixels(preset, landscape);
      if (paper.width === size.width && paper.height === size.height) return { preset, landscape };
    }
  }
  return undefined;
}
