import { bindTimelineVariables, checkTimelineProject, mediaSources } from './timeline-project.js';

const solid = (from: number, durationInFrames: number, extra: Record<string, unknown> = {}) => ({
  type: 'solid',
  color: '#000000',
  from,
  durationInFrames,
  ...extra,
});

describe('checkTimelineProject', () => {
  it('sizes a preset: 1080 on the short side, or scaled to the one side given (kept even)', () => {
    const sizeOf = (project: Record<string, unknown>) => {
      const checked = checkTimelineProject({ fps: 30, tracks: [{ clips: [solid(0, 10)] }], ...project });
      if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
      return [checked.meta.width, checked.meta.height];
    };
    expect(sizeOf({ size: '16:9' })).toEqual([1920, 1080]);
    expect(sizeOf({ size: '9:16' })).toEqual([1080, 1920]);
    expect(sizeOf({ size: '1:1' })).toEqual([1080, 1080]);
    expect(sizeOf({ size: '4:5' })).toEqual([1080, 1350]);
    expect(sizeOf({ size: '9:16', width: 720 })).toEqual([720, 1280]);
    expect(sizeOf({ size: '4:5', height: 250 })).toEqual([200, 250]);
    expect(sizeOf({ size: '16:9', width: 100, height: 50 })).toEqual([100, 50]);
  });

  it('asks for a size, and for width with height when there is no preset', () => {
    const none = checkTimelineProject({ fps: 30, tracks: [{ clips: [solid(0, 10)] }] });
    expect(none.ok || none.errors.map((e) => e.path)).toEqual(['size']);
    const half = checkTimelineProject({ width: 100, fps: 30, tracks: [{ clips: [solid(0, 10)] }] });
    expect(half.ok || half.errors.map((e) => e.path)).toEqual(['height']);
  });

  it('lasts until the last visual clip ends: a longer audio clip does not lengthen it', () => {
    const audio = { type: 'audio', src: 'https://example.com/a.mp3', from: 0, durationInFrames: 300 };
    const checked = checkTimelineProject({
      width: 64,
      height: 64,
      fps: 10,
      tracks: [{ clips: [solid(0, 20), solid(20, 15)] }, { clips: [audio] }],
    });
    expect(checked.ok && checked.meta.durationInFrames).toBe(35);
    const soundOnly = checkTimelineProject({ width: 64, height: 64, fps: 10, tracks: [{ clips: [audio] }] });
    expect(soundOnly.ok && soundOnly.meta.durationInFrames).toBe(300);
  });

  it('refuses keyframes out of order, a transition with no clip before it or longer than its clip, and trims that end before they start', () => {
    const checked = checkTimelineProject({
      width: 64,
      height: 64,
      fps: 10,
      tracks: [
        {
          clips: [
            solid(0, 10, {
              keyframes: {
                x: [
                  { frame: 5, value: 0 },
                  { frame: 5, value: 10 },
                ],
              },
              transition: { type: 'fade', durationInFrames: 2 },
            }),
            solid(10, 4, { transition: { type: 'wipe', durationInFrames: 8 } }),
          ],
        },
        { clips: [{ type: 'video', src: 'https://example.com/v.mp4', from: 0, durationInFrames: 5, trimBefore: 20, trimAfter: 10 }] },
      ],
    });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors.map((e) => e.path).sort()).toEqual([
      'tracks.0.clips.0.keyframes.x.1.frame',
      'tracks.0.clips.0.transition',
      'tracks.0.clips.1.transition.durationInFrames',
      'tracks.1.clips.0.trimAfter',
    ]);
  });

  it('holds at most 300 clips over all tracks', () => {
    const clips = Array.from({ length: 150 }, (_, i) => solid(i, 1));
    const checked = checkTimelineProject({ width: 64, height: 64, fps: 10, tracks: [{ clips }, { clips }, { clips: [solid(0, 1)] }] });
    expect(!checked.ok && checked.errors).toEqual([{ path: 'tracks', message: 'A timeline holds at most 300 clips; this one has 301.' }]);
  });

  it('knows every clip type and refuses unknown fields', () => {
    const checked = checkTimelineProject({
      width: 64,
      height: 64,
      fps: 10,
      tracks: [
        {
          clips: [
            solid(0, 5),
            { type: 'text', text: 'Hi', from: 0, durationInFrames: 5, style: { backgroundColor: '#ff0', padding: 4, width: 50 } },
            { type: 'image', src: 'https://example.com/i.png', fit: 'contain', from: 0, durationInFrames: 5 },
            { type: 'video', src: 'https://example.com/v.mp4', playbackRate: 2, muted: true, from: 0, durationInFrames: 5 },
            { type: 'audio', src: 'https://example.com/a.mp3', volume: 0.5, fadeInFrames: 2, from: 0, durationInFrames: 5 },
            { type: 'shape', shape: 'circle', fill: '#fff', stroke: '#000', strokeWidth: 2, from: 0, durationInFrames: 5 },
            { type: 'html', html: '<b>hi</b>', from: 0, durationInFrames: 5, enter: { type: 'zoom', durationInFrames: 2 } },
          ],
        },
      ],
    });
    expect(checked.ok).toBe(true);
    const unknown = checkTimelineProject({ width: 64, height: 64, fps: 10, tracks: [{ clips: [solid(0, 5, { sparkle: true })] }] });
    expect(!unknown.ok && unknown.errors[0]!.path).toBe('tracks.0.clips.0');
  });
});

describe('bindTimelineVariables', () => {
  const project = {
    width: 64,
    height: 64,
    fps: 10,
    durationVariable: 'length',
    soundtrack: { src: 'https://example.com/music.mp3', variable: 'music' },
    tracks: [
      {
        clips: [
          {
            type: 'text',
            text: 'x',
            variable: 'headline',
            bind: { 'style.color': 'brand', durationInFrames: 'textLength' },
            from: 0,
            durationInFrames: 10,
          },
          {
            type: 'video',
            src: 'https://example.com/default.mp4',
            bind: { src: 'clip', volume: 'loudness' },
            from: 0,
            durationInFrames: 10,
          },
        ],
      },
    ],
  };

  it('puts main values, bound properties, the soundtrack and the length in place (numeric strings as numbers)', () => {
    const bound = bindTimelineVariables(project, {
      headline: 'Hello',
      brand: '#ff0000',
      textLength: '25',
      clip: 'https://example.com/b.mp4',
      loudness: 0.5,
      music: 'https://example.com/other.mp3',
      length: 40,
    });
    if (!bound.ok) throw new Error(JSON.stringify(bound.errors));
    const [text, video] = bound.project.tracks[0]!.clips as Array<Record<string, any>>;
    expect(text).toMatchObject({ text: 'Hello', durationInFrames: 25, style: { color: '#ff0000' } });
    expect(video).toMatchObject({ src: 'https://example.com/b.mp4', volume: 0.5 });
    expect(bound.project.soundtrack?.src).toBe('https://example.com/other.mp3');
    expect(bound.project.durationInFrames).toBe(40);
    expect(mediaSources(bound.project)).toEqual([
      { path: 'tracks.0.clips.1.src', kind: 'video', url: 'https://example.com/b.mp4' },
      { path: 'soundtrack.src', kind: 'audio', url: 'https://example.com/other.mp3' },
    ]);
    expect(bound.boundAt.get('tracks.0.clips.1.src')).toBe('clip');
  });

  it('keeps the written values when variables are missing, and the length follows the clips', () => {
    const bound = bindTimelineVariables({ ...project, durationVariable: undefined }, {});
    expect(bound.ok && bound.project.durationInFrames).toBe(10);
  });

  it('blames the variable when a bound value breaks the project', () => {
    const bound = bindTimelineVariables(project, { textLength: -3, loudness: 'loud' });
    expect(!bound.ok && bound.errors.map((e) => e.field).sort()).toEqual(['variables.loudness', 'variables.textLength']);
  });
});
