import sharp from 'sharp';

/** Raw pixels, `channels` bytes each, row after row. */
export interface RawImage {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

export interface PixelDiff {
  /** Pixels where some channel differs by more than the tolerance. */
  differing: number;
  total: number;
  /** differing / total (0–1). */
  share: number;
  /** The smallest box holding every differing pixel (null when none differ): where to look. */
  box: { left: number; top: number; right: number; bottom: number } | null;
}

/** The default per-channel tolerance: anti-aliasing noise passes, a changed colour or a moved edge does not. */
export const PIXEL_TOLERANCE = 16;

/**
 * Compares two images of the same size pixel by pixel: a pixel differs when any of its channels differs by
 * more than `tolerance` (0–255). Used by the canvas parity tests (the editor's export against the render).
 */
export function comparePixels(a: RawImage, b: RawImage, options: { tolerance?: number } = {}): PixelDiff {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) {
    throw new Error(`cannot compare a ${a.width}×${a.height}×${a.channels} image with a ${b.width}×${b.height}×${b.channels} one`);
  }
  const tolerance = options.tolerance ?? PIXEL_TOLERANCE;
  let differing = 0;
  let box: PixelDiff['box'] = null;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const at = (y * a.width + x) * a.channels;
      let differs = false;
      for (let c = 0; c < a.channels && !differs; c++) differs = Math.abs(a.data[at + c]! - b.data[at + c]!) > tolerance;
      if (!differs) continue;
      differing++;
      if (!box) box = { left: x, top: y, right: x, bottom: y };
      else {
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y);
        box.bottom = Math.max(box.bottom, y);
      }
    }
  }
  const total = a.width * a.height;
  return { differing, total, share: total === 0 ? 0 : differing / total, box };
}

/**
 * An encoded image (PNG, JPEG, WebP) as RGB pixels over white: what a person sees, so that two transparent
 * areas compare equal whatever colour their invisible pixels have.
 */
export async function rgbOverWhite(bytes: Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(bytes).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

/** A data: URL's bytes (the editor's `canvas.toDataURL()`). */
export function bytesOfDataUrl(url: string): Buffer {
  const comma = url.indexOf(',');
  if (!url.startsWith('data:') || comma < 0 || !url.slice(0, comma).endsWith(';base64')) throw new Error('not a base64 data: URL');
  return Buffer.from(url.slice(comma + 1), 'base64');
}

/** Writes `a`, `b` and their difference (differing pixels red) side by side: the picture to read when parity fails. */
export async function writeDiffPicture(a: RawImage, b: RawImage, path: string, options: { tolerance?: number } = {}): Promise<void> {
  const tolerance = options.tolerance ?? PIXEL_TOLERANCE;
  const diff = Buffer.alloc(a.width * a.height * 3, 255);
  for (let i = 0; i < a.width * a.height; i++) {
    let differs = false;
    for (let c = 0; c < a.channels; c++) differs ||= Math.abs(a.data[i * a.channels + c]! - b.data[i * a.channels + c]!) > tolerance;
    if (differs) diff.set([255, 0, 0], i * 3);
    else {
      const grey = Math.round(a.data[i * a.channels]! * 0.2 + 204);
      diff.set([grey, grey, grey], i * 3);
    }
  }
  const raw = (image: RawImage) => ({ raw: { width: image.width, height: image.height, channels: image.channels as 3 } });
  await sharp({ create: { width: a.width * 3, height: a.height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: Buffer.from(a.data), ...raw(a), left: 0, top: 0 },
      { input: Buffer.from(b.data), ...raw(b), left: a.width, top: 0 },
      { input: diff, raw: { width: a.width, height: a.height, channels: 3 }, left: a.width * 2, top: 0 },
    ])
    .png()
    .toFile(path);
}

/** Raw pixels encoded as PNG (test images: a photo-like gradient for the asset library). */
export function pngOf(image: RawImage): Promise<Buffer> {
  return sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: image.channels as 3 | 4 } })
    .png()
    .toBuffer();
}
