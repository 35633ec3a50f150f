import gifenc from 'gifenc';
import type { AnimationFrame } from '@pressroom/browser';

const { GIFEncoder, quantize, applyPalette } = gifenc;

/**
 * Frame delays in hundredths of a second (GIF's unit) for `frames` frames at
 * `fps`: frame i ends at ⌈100 × (i + 1) / fps⌉, so the delays add up to the
 * exact length and the error never accumulates (15 fps → 7, 7, 6, …).
 */
export function gifDelaysCs(frames: number, fps: number): number[] {
  // The epsilon keeps exact multiples (10 fps → 10, 10, …) from rounding up.
  const end = (i: number) => Math.ceil((100 * i) / fps - 1e-9);
  const delays: number[] = [];
  for (let i = 0; i < frames; i++) delays.push(end(i + 1) - end(i));
  return delays;
}

/**
 * Streams frames into a looping GIF as they arrive: each frame gets its own
 * palette of at most 256 colours (gifenc's PNN quantiser), so memory holds
 * the compressed GIF, never all raw frames.
 */
export class GifWriter {
  private readonly encoder = GIFEncoder();
  private readonly delays: number[];
  private written = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly frames: number,
    readonly fps: number,
  ) {
    this.delays = gifDelaysCs(frames, fps);
  }

  addFrame(frame: AnimationFrame): void {
    if (frame.width !== this.width || frame.height !== this.height) {
      throw new Error(`frame ${frame.index} is ${frame.width}×${frame.height}, expected ${this.width}×${this.height}`);
    }
    if (this.written >= this.frames) throw new Error(`more than the ${this.frames} planned frames`);
    const palette = quantize(frame.rgba, 256);
    const index = applyPalette(frame.rgba, palette);
    // gifenc takes milliseconds and rounds them to hundredths.
    this.encoder.writeFrame(index, this.width, this.height, { palette, delay: this.delays[this.written]! * 10, repeat: 0 });
    this.written += 1;
  }

  /** Seconds the GIF plays: the sum of its delays. */
  get animationLength(): number {
    return this.delays.reduce((sum, d) => sum + d, 0) / 100;
  }

  finish(): Buffer {
    if (this.written !== this.frames) throw new Error(`GIF has ${this.written} of ${this.frames} frames`);
    this.encoder.finish();
    return Buffer.from(this.encoder.bytesView());
  }
}
