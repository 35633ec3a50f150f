import { bindTimelineVariables, checkTimelineProject } from '@pressroom/video/timeline';
import { ApiError } from '../src/api/problem.js';
import { clipPrefix, errorsUnder, messageFor } from '../src/pages/video/studio/studio-errors.js';
import { standsBeside, studioFieldName } from '../src/pages/video/studio/studio-field-names.js';
import {
  addClip,
  addTrack,
  CLIP_TYPES,
  moveClip,
  newClip,
  projectLength,
  removeClip,
  removeTrack,
  setClipProperty,
  setProjectProperty,
  trackEnd,
  trimClipEnd,
  trimClipStart,
  type Project,
} from '../src/pages/video/studio/timeline-model.js';
import { definitionsFor, fontsUsedBy, playerValues, variableUses } from '../src/pages/video/studio/timeline-variables.js';
import { starterTimeline } from '../src/pages/video/starter-designs.js';

const at = { track: 0, clip: 0 };
const project = (): Project => ({
  width: 320,
  height: 180,
  fps: 30,
  tracks: [
    {
      clips: [
        { type: 'solid', color: '#ff0000', from: 10, durationInFrames: 30, variable: 'background' },
        { type: 'video', src: 'https://example.com/a.mp4', from: 40, durationInFrames: 60, trimBefore: 5 },
      ],
    },
    { clips: [{ type: 'text', text: 'Hi', from: 0, durationInFrames: 50, bind: { 'style.color': 'brand' } }] },
  ],
});

describe('timeline edits', () => {
  test('moving never goes before frame 0; trimming the end keeps at least one frame', () => {
    expect(moveClip(project(), at, -4).tracks[0]!.clips[0]!.from).toBe(6);
    expect(moveClip(project(), at, -40).tracks[0]!.clips[0]!.from).toBe(0);
    expect(trimClipEnd(project(), at, 5).tracks[0]!.clips[0]!.durationInFrames).toBe(35);
    expect(trimClipEnd(project(), at, -100).tracks[0]!.clips[0]!.durationInFrames).toBe(1);
  });

  test('trimming the start keeps the end; a media clip skips as many more source frames', () => {
    const solid = trimClipStart(project(), at, 4).tracks[0]!.clips[0]!;
    expect([solid.from, solid.from + solid.durationInFrames]).toEqual([14, 40]);
    expect(trimClipStart(project(), at, -50).tracks[0]!.clips[0]).toMatchObject({ from: 0, durationInFrames: 40 });
    expect(trimClipStart(project(), at, 100).tracks[0]!.clips[0]).toMatchObject({ from: 39, durationInFrames: 1 });
    const video = trimClipStart(project(), { track: 0, clip: 1 }, 10).tracks[0]!.clips[1]!;
    expect(video).toMatchObject({ from: 50, durationInFrames: 50, trimBefore: 15 });
    expect(trimClipStart(project(), { track: 0, clip: 1 }, -10).tracks[0]!.clips[1]).toMatchObject({ from: 30, trimBefore: 0 });
  });

  test('edits leave the original project alone', () => {
    const original = project();
    const copy = structuredClone(original);
    moveClip(original, at, 3);
    setClipProperty(original, at, 'style.x', 10);
    expect(original).toEqual(copy);
  });

  test('properties are set by path; undefined removes them and empty objects', () => {
    const styled = setClipProperty(project(), at, 'style.fontSize', 40);
    expect(styled.tracks[0]!.clips[0]!.style).toEqual({ fontSize: 40 });
    expect(setClipProperty(styled, at, 'style.fontSize', undefined).tracks[0]!.clips[0]!.style).toBeUndefined();
    expect(setProjectProperty(project(), 'soundtrack.src', 'https://example.com/a.mp3').soundtrack).toEqual({
      src: 'https://example.com/a.mp3',
    });
    expect(setProjectProperty(project(), 'width', undefined).width).toBeUndefined();
  });

  test('tracks and clips are added at the end and removed; the project keeps one track', () => {
    const more = addTrack(project());
    expect(more.tracks).toHaveLength(3);
    expect(trackEnd(project(), 0)).toBe(100);
    const { project: added, ref } = addClip(project(), 0, newClip('text', trackEnd(project(), 0), 30, { width: 320, height: 180 }));
    expect(ref).toEqual({ track: 0, clip: 2 });
    expect(added.tracks[0]!.clips[2]).toMatchObject({ type: 'text', from: 100, durationInFrames: 60 });
    expect(projectLength(added)).toBe(160);
    expect(removeClip(added, ref).tracks[0]!.clips).toHaveLength(2);
    const single: Project = { ...project(), tracks: [{ clips: [] }] };
    expect(removeTrack(single, 0)).toBe(single);
  });

  test('every new clip and the starter are valid projects by the renderer own checks', () => {
    expect(checkTimelineProject(starterTimeline()).ok).toBe(true);
    // Each size the "New timeline template" dialog offers starts valid, its headline inside the frame.
    for (const size of [{ preset: '9:16' as const }, { preset: '1:1' as const }, { width: 640, height: 360 }]) {
      const checked = checkTimelineProject(starterTimeline(size));
      if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
      const style = (checked.project.tracks[1]!.clips[0] as { style: { x: number; y: number; width: number } }).style;
      expect(style.x + style.width).toBeLessThanOrEqual(checked.meta.width);
      expect(style.y).toBeLessThan(checked.meta.height);
    }
    expect(starterTimeline({ preset: '9:16' })).toMatchObject({ size: '9:16' });
    expect(starterTimeline({ preset: '9:16' })).not.toHaveProperty('width');
    let p: Project = { width: 1280, height: 720, fps: 30, tracks: [{ clips: [] }] };
    for (const type of CLIP_TYPES) p = addClip(p, 0, newClip(type, trackEnd(p, 0), 30, { width: 1280, height: 720 })).project;
    const checked = checkTimelineProject(p);
    expect(checked.ok ? [] : checked.errors).toEqual([]);
  });
});

describe('timeline variables', () => {
  test('every use is found and new definitions get a type from what they bind', () => {
    const uses = variableUses({ ...project(), durationVariable: 'length' });
    expect(uses.map((u) => [u.name, u.property])).toEqual([
      ['background', 'color'],
      ['brand', 'style.color'],
      ['length', 'durationInFrames'],
    ]);
    // Where each is bound, by the studio's names of clip types and settings, never the JSON's.
    expect(uses.map((u) => u.where)).toEqual([
      'Track 1, Solid colour clip 1: Colour',
      'Track 2, Text clip 1: Text colour',
      'Video length (frames)',
    ]);
    const kept = { name: 'background', type: 'text' as const, defaultValue: '#00ff00' };
    expect(definitionsFor({ ...project(), durationVariable: 'length' }, [kept])).toEqual([
      kept,
      { name: 'brand', type: 'color' },
      { name: 'length', type: 'number' },
    ]);
  });

  test('the player plays defaults, then tried values, bound the way a render binds them', () => {
    const values = playerValues(
      [
        { name: 'background', type: 'color', defaultValue: '#00ff00' },
        { name: 'brand', type: 'color' },
      ],
      {
        brand: '#123456',
        other: '',
      },
    );
    expect(values).toEqual({ background: '#00ff00', brand: '#123456' });
    const bound = bindTimelineVariables(project(), values);
    expect(bound.ok && bound.project.tracks[0]!.clips[0]).toMatchObject({ color: '#00ff00' });
    expect(bound.ok && bound.project.tracks[1]!.clips[0]!.style).toMatchObject({ color: '#123456' });
  });
});

test('the player loads the account fonts a clip names, by family, in any case or quoting', () => {
  const named = setClipProperty(project(), { track: 1, clip: 0 }, 'style.fontFamily', '"brand mono", sans-serif');
  const fonts = [
    { family: 'Brand Mono', url: 'https://example.com/a.ttf', weight: 700 },
    { family: 'Other', url: 'https://example.com/b.ttf' },
  ];
  expect(fontsUsedBy(named, fonts)).toEqual([{ family: 'Brand Mono', url: 'https://example.com/a.ttf', weight: 700, style: 'normal' }]);
  expect(fontsUsedBy(project(), fonts)).toEqual([]);
});

describe('server errors beside fields', () => {
  const error = new ApiError({
    title: 'Validation failed',
    status: 400,
    detail: 'Invalid body',
    errors: [
      { field: 'projectJson.tracks.1.clips.0.style.fontSize', message: 'Too big' },
      { field: 'projectJson.tracks.1.clips.0.enter.durationInFrames', message: 'Too small' },
      { field: 'projectJson.width', message: 'Must be even' },
    ],
  });

  test('a clip field gets its own message, an object field the messages inside it, each ending as a sentence', () => {
    const errors = errorsUnder(error, clipPrefix(1, 0));
    expect(messageFor(errors, 'style.fontSize')).toBe('Too big.');
    expect(messageFor(errors, 'enter')).toBe('durationInFrames: Too small.');
    expect(messageFor(errors, 'text')).toBeUndefined();
    expect(messageFor(errorsUnder(error, 'projectJson.'), 'width')).toBe('Must be even.');
    expect(errorsUnder(new Error('no'), 'projectJson.').size).toBe(0);
  });

  test('an error stands beside a field only when the panel shows that field; the rest are named by their labels', () => {
    const project = starterTimeline();
    const headline = { track: 1, clip: 0 };
    const beside = (selected: typeof headline | null) =>
      error
        .fieldErrors()
        .filter((e) => standsBeside(e.field, project, selected))
        .map((e) => e.field);
    expect(beside(headline)).toEqual([
      'projectJson.tracks.1.clips.0.style.fontSize',
      'projectJson.tracks.1.clips.0.enter.durationInFrames',
    ]);
    expect(beside(null)).toEqual(['projectJson.width']);
    // A project path no field has (the soundtrack's fade) is not claimed: the banner lists it.
    expect(standsBeside('projectJson.soundtrack.fadeInFrames', project, null)).toBe(false);
    expect(standsBeside('name', project, headline)).toBe(true);
    expect(studioFieldName('projectJson.fps', project)).toBe('Frames per second');
    expect(studioFieldName('projectJson.tracks.1.clips.0.style.fontSize', project)).toBe('Track 2, clip 1, Font size');
    expect(studioFieldName('projectJson.tracks.0.clips.0.color', project)).toBe('Track 1, clip 1, Colour');
    expect(studioFieldName('projectJson.tracks.3', project)).toBe('Track 4');
    expect(studioFieldName('projectJson.soundtrack.fadeInFrames', project)).toBe('Soundtrack › fadeInFrames');
    expect(studioFieldName('variables.headline', project)).toBe('Variable headline');
  });
});
