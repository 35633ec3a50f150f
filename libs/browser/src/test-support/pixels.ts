import sharp from 'sharp';

export interface DecodedImage {
  width: number;
  height: number;
  format: string;
  pixel(x: number, y: number): [number, number, number];
  /** Pixels in the rectangle whose colour differs from `background` by more than `tolerance` on some channel. */
  countDifferent(
    box: { x: number; y: number; width: number; height: number },
    background: [number, number, number],
    tolerance?: number,
  ): number;
}

export async function decode(bytes: Buffer): Promise<DecodedImage> {
  const { format } = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number): [number, number, number] => {
    const offset = (y * info.width + x) * info.channels;
    return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
  };
  return {
    width: info.width,
    height: info.height,
    format: format ?? 'unknown',
    pixel,
    countDifferent(box, background, tolerance = 40) {
      let count = 0;
      for (let y = box.y; y < box.y + box.height; y++) {
        for (let x = box.x; x < box.x + box.width; x++) {
          const p = pixel(x, y);
          if (p.some((value, i) => Math.abs(value - background[i]!) > tolerance)) count++;
        }
      }
      return count;
    },
  };
}

/** Close to the expected colour (lossy formats wander a little). */
export function expectColour(actual: [number, number, number], expected: [number, number, number], tolerance = 12): void {
  const off = actual.some((value, i) => Math.abs(value - expected[i]!) > tolerance);
  if (off) throw new Error(`expected colour ~${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}
