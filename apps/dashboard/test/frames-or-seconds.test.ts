import { framesFromText, isFrameCount } from '../src/pages/video/studio/frames-or-seconds.js';

describe('a count of frames typed as frames or as seconds', () => {
  test.each([
    ['60', 30, 60],
    [' 12 ', 30, 12],
    ['0', 30, 0],
    ['2s', 30, 60],
    ['2 s', 30, 60],
    ['2S', 30, 60],
    ['2.5s', 30, 75],
    ['.5s', 30, 15],
    ['0:02', 30, 60],
    ['1:30', 30, 2700],
    ['0:02.5', 24, 60],
    // The nearest whole frame: 0.1 s at 25 fps is 2.5 frames, 1/3 s at 30 fps is 10.
    ['0.1s', 25, 3],
    ['0.33s', 30, 10],
  ])('"%s" at %i fps is %i frames', (typed, fps, frames) => {
    expect(framesFromText(typed, fps)).toEqual({ frames });
  });

  test('a plain number stays frames without a frame rate, and empty is "not set"', () => {
    expect(framesFromText('45', undefined)).toEqual({ frames: 45 });
    expect(framesFromText('  ', 30)).toEqual({ frames: undefined });
  });

  test.each(['abc', '2x', '2ss', 's', '1:75', '0:', ':02', '2 seconds', '-2s'])('"%s" is refused in plain words', (typed) => {
    expect(framesFromText(typed, 30)).toEqual({ refusal: 'Type a number of frames (60) or of seconds (2.5s or 0:02).' });
  });

  test('seconds need the frame rate to become frames', () => {
    expect(framesFromText('2s', undefined)).toEqual({
      refusal: 'Set the frames per second first: seconds are turned into frames at that rate.',
    });
    expect(framesFromText('0:02', 0)).toHaveProperty('refusal');
  });

  test('only a plain number applies while it is typed', () => {
    expect(isFrameCount('12')).toBe(true);
    expect(isFrameCount('2.')).toBe(true);
    expect(isFrameCount('2s')).toBe(false);
    expect(isFrameCount('0:0')).toBe(false);
    expect(isFrameCount('')).toBe(false);
  });
});
