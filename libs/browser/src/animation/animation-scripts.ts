/**
 * Functions evaluated inside the page (over CDP, so they run with the page's
 * own JavaScript disabled too). They must be self-contained.
 */

export interface AnimationTimeline {
  /** Animations found (CSS animations, CSS transitions, Web Animations). */
  count: number;
  /** Latest end time of the animations that end, in ms (0 when none). */
  finiteEndMs: number;
  /** Iteration lengths (ms, at their playback rate) of the animations that never end. */
  endlessCyclesMs: number[];
  /** Longest start delay among the endless ones (ms). */
  endlessDelayMs: number;
}

/** What document.getAnimations() says about how long the page animates. */
export function animationTimeline(): AnimationTimeline {
  let finiteEndMs = 0;
  let endlessDelayMs = 0;
  const endlessCyclesMs: number[] = [];
  const animations = document.getAnimations();
  for (const animation of animations) {
    const timing = animation.effect?.getComputedTiming();
    if (!timing) continue;
    const rate = Math.abs(animation.playbackRate) || 1;
    const end = Number(timing.endTime);
    if (Number.isFinite(end)) {
      finiteEndMs = Math.max(finiteEndMs, end / rate);
      continue;
    }
    const cycle = Number(timing.duration);
    if (Number.isFinite(cycle) && cycle > 0) endlessCyclesMs.push(cycle / rate);
    endlessDelayMs = Math.max(endlessDelayMs, Number(timing.delay ?? 0) / rate);
  }
  return { count: animations.length, finiteEndMs, endlessCyclesMs, endlessDelayMs };
}

/**
 * Puts every animation at `timeMs` after its start, paused: CSS animations
 * and transitions, Web Animations (including ones a script created since the
 * last frame) and SVG (SMIL) animations.
 */
export function seekAnimations(timeMs: number): void {
  for (const animation of document.getAnimations()) {
    try {
      if (animation.playState !== 'paused') animation.pause();
      animation.currentTime = timeMs * animation.playbackRate;
    } catch {
      // Scroll-driven timelines cannot be seeked in time: they stay where they are.
    }
  }
  for (const svg of Array.from(document.querySelectorAll('svg'))) {
    if (svg.ownerSVGElement === null && typeof svg.pauseAnimations === 'function') {
      svg.pauseAnimations();
      svg.setCurrentTime(timeMs / 1000);
    }
  }
}
