import { planFrames } from './animation/frame-plan.js';

const timeline = (t: Partial<{ count: number; finiteEndMs: number; endlessCyclesMs: number[]; endlessDelayMs: number }>) => ({
  count: 1,
  finiteEndMs: 0,
  endlessCyclesMs: [],
  endlessDelayMs: 0,
  ...t,
});

describe('planFrames', () => {
  it('uses a requested duration, capped at the preset maximum', () => {
    expect(planFrames({ fps: 15, durationSeconds: 2, maxDurationSeconds: 15, timeline: timeline({}) })).toEqual({
      frames: 30,
      fps: 15,
      durationSeconds: 2,
      basis: 'requested',
    });
    expect(planFrames({ fps: 10, durationSeconds: 12, maxDurationSeconds: 10, timeline: timeline({}) }).frames).toBe(100);
  });

  it('follows the longest finite animation', () => {
    expect(planFrames({ fps: 10, durationSeconds: null, maxDurationSeconds: 10, timeline: timeline({ finiteEndMs: 1234 }) })).toMatchObject(
      { frames: 12, basis: 'animations' },
    );
  });

  it('takes one seamless loop of endless animations: their least common multiple after the longest delay', () => {
    expect(
      planFrames({ fps: 10, durationSeconds: null, maxDurationSeconds: 10, timeline: timeline({ endlessCyclesMs: [1000, 1500] }) })
        .durationSeconds,
    ).toBe(3);
    expect(
      planFrames({
        fps: 10,
        durationSeconds: null,
        maxDurationSeconds: 10,
        timeline: timeline({ endlessCyclesMs: [1000], endlessDelayMs: 500 }),
      }).durationSeconds,
    ).toBe(1.5);
    // 1000.4 ms is treated as 1000 (10 ms steps), or the multiple would explode.
    expect(
      planFrames({ fps: 10, durationSeconds: null, maxDurationSeconds: 10, timeline: timeline({ endlessCyclesMs: [1000.4, 2000] }) })
        .durationSeconds,
    ).toBe(2);
  });

  it('caps loops that never line up at the preset maximum', () => {
    expect(
      planFrames({ fps: 24, durationSeconds: null, maxDurationSeconds: 30, timeline: timeline({ endlessCyclesMs: [7000, 11000] }) }),
    ).toMatchObject({ frames: 720, durationSeconds: 30, basis: 'capped' });
    expect(
      planFrames({ fps: 24, durationSeconds: null, maxDurationSeconds: 30, timeline: timeline({ endlessCyclesMs: [997, 1009, 1013] }) })
        .basis,
    ).toBe('capped');
  });

  it('gives one frame for a page without animation', () => {
    expect(planFrames({ fps: 15, durationSeconds: null, maxDurationSeconds: 15, timeline: timeline({ count: 0 }) })).toMatchObject({
      frames: 1,
      basis: 'no-animation',
    });
  });
});
