import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
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
 * Streams frames into a looping GIF file as they arrive: each frame gets its own palette of at
 * most 256 colours (gifenc's PNN quantiser) and its encoded bytes go to the file at once, so
 * memory holds one frame, never all raw frames nor the whole GIF. gifenc runs in manual mode
 * (header and first-frame flag written here) because its automatic mode writes a new header
 * after every reset of its buffer.
 */
export class GifWriter {
  private readonly encoder = GIFEncoder({ auto: false });
  private readonly delays: number[];
  private readonly out: WriteStream;
  private failure: Error | null = null;
  private written = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly frames: number,
    readonly fps: number,
    /** The file to write (created; the caller deletes it, or calls `discard`). */
    readonly path: string,
  ) {
    this.delays = gifDelaysCs(frames, fps);
    this.out = createWriteStream(path, { flags: 'wx' });
    this.out.on('error', (error) => {
      this.failure ??= error;
    });
    this.encoder.writeHeader();
  }

  addFrame(frame: AnimationFrame): void {
    if (frame.width !== this.width || frame.height !== this.height) {
      throw new Error(`frame ${frame.index} is ${frame.width}×${frame.height}, expected ${this.width}×${this.height}`);
    }
    if (this.written >= this.frames) throw new Error(`more than the ${this.frames} planned frames`);
    if (this.failure) throw this.failure;
    const palette = quantize(frame.rgba, 256);
    const index = applyPalette(frame.rgba, palette);
    // gifenc takes milliseconds and rounds them to hundredths.
    const delay = this.delays[this.written]! * 10;
    this.encoder.writeFrame(index, this.width, this.height, { palette, delay, repeat: 0, first: this.written === 0 });
    this.written += 1;
    this.flush();
  }

  /** Seconds the GIF plays: the sum of its delays. */
  get animationLength(): number {
    return this.delays.reduce((sum, d) => sum + d, 0) / 100;
  }

  /** Writes the trailer and closes the file; resolves once every byte is on disk. */
  async finish(): Promise<void> {
    if (this.written !== this.frames) throw new Error(`GIF has ${this.written} of ${this.frames} frames`);
    this.encoder.finish();
    this.flush();
    this.out.end();
    await finished(this.out);
    if (this.failure) throw this.failure;
  }

  /** A capture that failed: close and delete the partial file. */
  async discard(): Promise<void> {
    this.out.destroy();
    // The file opens asynchronously: wait for the stream to close (after any pending open has created
    // the file), or the delete can run first and leave the file behind.
    await finished(this.out).catch(() => undefined);
    await rm(this.path, { force: true });
  }

  /** Hand the encoded bytes to the file (a copy: gifenc reuses its buffer after the reset). */
  private flush(): void {
    this.out.write(Buffer.from(this.encoder.bytesView()));
    this.encoder.reset();
  }
}
