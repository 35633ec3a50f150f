import sharp from 'sharp';

/** Deterministic pseudo-random numbers (mulberry32), so the photo is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A 1200×630 photograph stand-in, made here so the bench needs no image file:
 * soft colour shapes (coarse noise scaled up) under sensor-like grain, saved as
 * a JPEG at quality 85. Like a real photo, neighbouring pixels differ a little
 * everywhere, which is what makes screenshots of photos large as PNGs.
 */
export async function photoJpeg(): Promise<Buffer> {
  const next = random(18);
  const coarse = Buffer.alloc(24 * 13 * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = 40 + Math.floor(next() * 180);
  const { data } = await sharp(coarse, { raw: { width: 24, height: 13, channels: 3 } })
    .resize(1200, 630, { kernel: 'cubic' })
    .blur(6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + Math.round((next() + next() + next() - 1.5) * 14)));
  return sharp(data, { raw: { width: 1200, height: 630, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The photo-heavy 1200×630 card: the photo full-bleed under a caption panel. */
export function photoCardHtml(options: { photoUrl: string; title: string }): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; }
body { position: relative; font-family: 'DejaVu Sans', sans-serif; color: #fff; background: #000 url('${options.photoUrl}') center / cover; }
.caption { position: absolute; left: 48px; bottom: 48px; right: 48px; padding: 28px 36px; background: rgba(15, 23, 42, .62); border-radius: 18px; }
h1 { font-size: 54px; line-height: 1.1; margin: 0 0 10px; }
p { font-size: 26px; margin: 0; opacity: .9; }
</style></head><body>
<div class="caption"><h1>${options.title}</h1><p>pressroom.dev · a photo-heavy card</p></div>
</body></html>`;
}
