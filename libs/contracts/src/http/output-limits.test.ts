import { IMAGE_MAX_SIZE, PDF_PAPER_PRESETS, paperOfPixels, paperPresetPixels, type PdfPaperPreset } from './output-limits.js';
import { TemplateRenderRequest } from './template.js';

describe('paperPresetPixels', () => {
  it('gives a preset’s page in whole CSS pixels, 0.75 pt each, turned as asked', () => {
    expect(paperPresetPixels('Letter', false)).toEqual({ width: 816, height: 1056 });
    // 792 × 612 pt once a template's PDF render turns the pixels back into points.
    expect(paperPresetPixels('Letter', true)).toEqual({ width: 1056, height: 816 });
    expect(paperPresetPixels('Legal', false)).toEqual({ width: 816, height: 1344 });
    expect(paperPresetPixels('A4', false)).toEqual({ width: 794, height: 1123 });
    expect(paperPresetPixels('A3', true)).toEqual({ width: 1587, height: 1123 });
  });

  it('gives every preset a size POST /templates/{uid}/render accepts', () => {
    for (const preset of Object.keys(PDF_PAPER_PRESETS) as PdfPaperPreset[]) {
      for (const landscape of [false, true]) {
        const size = paperPresetPixels(preset, landscape);
        expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(IMAGE_MAX_SIZE);
        expect(TemplateRenderRequest.safeParse({ format: 'pdf', ...size }).success).toBe(true);
      }
    }
  });
});

describe('paperOfPixels', () => {
  it('names the paper of every preset’s pixel size, either way round, and no other size', () => {
    for (const preset of Object.keys(PDF_PAPER_PRESETS) as PdfPaperPreset[]) {
      for (const landscape of [false, true]) expect(paperOfPixels(paperPresetPixels(preset, landscape))).toEqual({ preset, landscape });
    }
    expect(paperOfPixels({ width: 795, height: 1123 })).toBeUndefined();
    expect(paperOfPixels({ width: 1200, height: 630 })).toBeUndefined();
  });
});
