import sharp from 'sharp';

/** One decoded frame: RGBA, 4 bytes per pixel, rows top to bottom. */
export interface AnimationFrame {
  index: number;
  rgba: Buffer;
  width: number;
  height: number;
  /** Milliseconds from the start of the animation (stepped) or of the recording (real time). */
  timeMs: number;
}

export type FrameHandler = (frame: AnimationFrame) => void | Promise<void>;

/**
 * Decodes captured PNGs off the capture loop and hands them to the consumer
 * strictly in order. Capture of frame n+1 overlaps decoding and encoding of
 * frame n; at most `depth` frames wait, so memory stays flat for long GIFs.
 */
export class FrameSink {
  private chain: Promise<void> = Promise.resolve();
  private readonly inFlight: Promise<void>[] = [];
  private failure: unknown = null;

  constructor(
    private readonly onFrame: FrameHandler,
    private readonly depth = 3,
  ) {}

  async push(png: Buffer, index: number, timeMs: number): Promise<void> {
    // The consumer's own failure is rethrown unchanged, whatever it threw.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (this.failure) throw this.failure;
    const decoded = sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    decoded.catch(() => undefined);
    const step = this.chain.then(async () => {
      const { data, info } = await decoded;
      await this.onFrame({ index, rgba: data, width: info.width, height: info.height, timeMs });
    });
    step.catch((error: unknown) => {
      this.failure ??= error;
    });
    this.chain = step.catch(() => undefined);
    this.inFlight.push(step);
    if (this.inFlight.length >= this.depth) await this.inFlight.shift();
  }

  /** Waits for every frame pushed so far; rethrows the consumer's first failure. */
  async drain(): Promise<void> {
    await this.chain;
    // The consumer's own failure is rethrown unchanged, whatever it threw.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (this.failure) throw this.failure;
  }
}
