import type { AnimationTimeline } from './animation-scripts.js';

/** Endless animations of these lengths loop seamlessly after their least common multiple (ms, 10 ms steps). */
function loopLengthMs(cyclesMs: number[]): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let lcm = 0;
  for (const raw of cyclesMs) {
    const cycle = Math.max(10, Math.round(raw / 10) * 10);
    lcm = lcm === 0 ? cycle : (lcm / gcd(lcm, cycle)) * cycle;
    if (lcm > 3_600_000) return Infinity;
  }
  return lcm;
}

export interface FramePlan {
  frames: number;
  fps: number;
  /** Seconds covered by the frames (frames / fps). */
  durationSeconds: number;
  /** How the length was chosen. */
  basis: 'requested' | 'animations' | 'capped' | 'no-animation';
}

/**
 * How many frames to capture. An explicit duration wins (capped at the
 * preset's maximum). Otherwise: the end of the longest animation that ends,
 * or — for animations that never end — one seamless loop of them (the least
 * common multiple of their iteration lengths after the longest delay),
 * whichever is longer, capped at the preset's maximum. A page without any
 * animation gives a single frame.
 */
export function planFrames(options: {
  fps: number;
  durationSeconds: number | null;
  maxDurationSeconds: number;
  timeline: AnimationTimeline;
}): FramePlan {
  const { fps, maxDurationSeconds, timeline } = options;
  const maxMs = maxDurationSeconds * 1000;
  let wantedMs: number;
  let basis: FramePlan['basis'];
  if (options.durationSeconds !== null) {
    wantedMs = options.durationSeconds * 1000;
    basis = 'requested';
  } else if (timeline.finiteEndMs <= 0 && timeline.endlessCyclesMs.length === 0) {
    return { frames: 1, fps, durationSeconds: 1 / fps, basis: 'no-animation' };
  } else {
    const endless = timeline.endlessCyclesMs.length > 0 ? timeline.endlessDelayMs + loopLengthMs(timeline.endlessCyclesMs) : 0;
    wantedMs = Math.max(timeline.finiteEndMs, endless);
    basis = 'animations';
  }
  if (wantedMs > maxMs) {
    wantedMs = maxMs;
    basis = basis === 'requested' ? 'requested' : 'capped';
  }
  const frames = Math.max(1, Math.round((wantedMs / 1000) * fps));
  return { frames, fps, durationSeconds: frames / fps, basis };
}

/** When frame `index` is shown, in ms from the start of the animation. */
export function frameTimeMs(index: number, fps: number): number {
  return (index * 1000) / fps;
}
