import type { TimelineClipInput, TimelineProjectInput } from '@pressroom/contracts/video-timeline';

/**
 * The studio's edits of a timeline project, as pure functions of the project JSON the API stores
 * (docs/video.md): every change makes a new project, so the player, the save and undo see plain values.
 */
export type Clip = TimelineClipInput;
export type ClipType = Clip['type'];
export type Project = TimelineProjectInput;
export interface ClipRef {
  track: number;
  clip: number;
}

export const CLIP_TYPES: readonly ClipType[] = ['text', 'solid', 'shape', 'image', 'video', 'audio', 'html', 'caption'];

/** The last frame any clip reaches (the project's length unless it sets one). */
export function projectLength(project: Project): number {
  const ends = project.tracks.flatMap((track) => track.clips.map((clip) => clip.from + clip.durationInFrames));
  return Math.max(1, project.durationInFrames ?? Math.max(1, ...ends));
}

export const clipAt = (project: Project, ref: ClipRef): Clip | undefined => project.tracks[ref.track]?.clips[ref.clip];

function withClip(project: Project, ref: ClipRef, change: (clip: Clip) => Clip): Project {
  const current = clipAt(project, ref);
  if (!current) return project;
  return {
    ...project,
    tracks: project.tracks.map((track, t) =>
      t === ref.track ? { ...track, clips: track.clips.map((clip, c) => (c === ref.clip ? change(clip) : clip)) } : track,
    ),
  };
}

/** Moves a clip by `frames` (never before frame 0). */
export const moveClip = (project: Project, ref: ClipRef, frames: number): Project =>
  withClip(project, ref, (clip) => ({ ...clip, from: Math.max(0, clip.from + frames) }));

/** Moves a clip's end edge by `frames` (it stays at least one frame long). */
export const trimClipEnd = (project: Project, ref: ClipRef, frames: number): Project =>
  withClip(project, ref, (clip) => ({ ...clip, durationInFrames: Math.max(1, clip.durationInFrames + frames) }));

/**
 * Moves a clip's start edge by `frames`, keeping its end where it is. A video or audio clip skips as
 * many more (or fewer) frames of its source, so what plays at each moment stays where it was.
 */
export function trimClipStart(project: Project, ref: ClipRef, frames: number): Project {
  return withClip(project, ref, (clip) => {
    const d = Math.min(Math.max(frames, -clip.from), clip.durationInFrames - 1);
    const moved = { ...clip, from: clip.from + d, durationInFrames: clip.durationInFrames - d };
    if ((moved.type === 'video' || moved.type === 'audio') && (moved.trimBefore !== undefined || d > 0))
      return { ...moved, trimBefore: Math.max(0, (moved.trimBefore ?? 0) + d) };
    return moved;
  });
}

export const addTrack = (project: Project): Project => ({ ...project, tracks: [...project.tracks, { clips: [] }] });

/** A track is removed with its clips; the project keeps at least one. */
export const removeTrack = (project: Project, track: number): Project =>
  project.tracks.length <= 1 ? project : { ...project, tracks: project.tracks.filter((_, t) => t !== track) };

/** A new clip of `type` as it starts in the studio: visible, two seconds long. */
export function newClip(type: ClipType, from: number, fps: number, size: { width: number; height: number }): Clip {
  const base = { from, durationInFrames: Math.max(1, fps * 2) };
  const box = { x: Math.round(size.width / 4), y: Math.round(size.height / 4), width: Math.round(size.width / 2) };
  switch (type) {
    case 'text':
      return { type, text: 'New text', ...base, style: { ...box, fontSize: Math.max(12, Math.round(size.height / 12)), color: '#ffffff' } };
    case 'solid':
      return { type, color: '#1e40af', ...base };
    case 'shape':
      return { type, shape: 'rectangle', fill: '#f59e0b', ...base, style: { ...box, height: Math.round(size.height / 2) } };
    case 'image':
      return { type, fit: 'cover', ...base, style: { ...box, height: Math.round(size.height / 2) } };
    case 'video':
      return { type, src: 'https://example.com/clip.mp4', ...base };
    case 'audio':
      return { type, src: 'https://example.com/sound.mp3', ...base };
    case 'html':
      return {
        type,
        html: '<p style="color:#fff;font:48px sans-serif">Hello</p>',
        ...base,
        style: { ...box, height: Math.round(size.height / 4) },
      };
    case 'caption':
      // SubRip text to start from; `transcribe`, `vtt`, `words` and `cues` are the other sources (docs/video.md).
      return {
        type,
        captions: { srt: '1\n00:00:00,000 --> 00:00:02,000\nYour caption here\n' },
        highlightColor: '#ffd400',
        wordsPerCue: 6,
        ...base,
        style: { ...box, y: Math.round((size.height * 3) / 4), fontSize: Math.max(12, Math.round(size.height / 16)), color: '#ffffff' },
      };
  }
}

/** Adds a clip at the end of a track's last clip; answers the new project and where the clip is. */
export function addClip(project: Project, track: number, clip: Clip): { project: Project; ref: ClipRef } {
  const t = Math.min(Math.max(0, track), project.tracks.length - 1);
  const tracks = project.tracks.map((each, i) => (i === t ? { ...each, clips: [...each.clips, clip] } : each));
  return { project: { ...project, tracks }, ref: { track: t, clip: tracks[t]!.clips.length - 1 } };
}

/** The track's end: where a new clip goes. */
export const trackEnd = (project: Project, track: number): number =>
  Math.max(0, ...(project.tracks[track]?.clips ?? []).map((clip) => clip.from + clip.durationInFrames));

export const removeClip = (project: Project, ref: ClipRef): Project => ({
  ...project,
  tracks: project.tracks.map((track, t) => (t === ref.track ? { ...track, clips: track.clips.filter((_, c) => c !== ref.clip) } : track)),
});

/**
 * Sets one property of a clip by its path (`text`, `style.fontSize`, `enter.type`); `undefined` removes it
 * (and an object left empty), so a cleared field falls back to the schema's default.
 */
export function setClipProperty(project: Project, ref: ClipRef, path: string, value: unknown): Project {
  return withClip(project, ref, (clip) => setPath(clip, path, value) as Clip);
}

/** A project property by path (`width`, `backgroundColor`, `soundtrack.src`); `undefined` removes it. */
export const setProjectProperty = (project: Project, path: string, value: unknown): Project => setPath(project, path, value) as Project;

function setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const copy = { ...target };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const inner = typeof copy[head] === 'object' && copy[head] !== null ? (copy[head] as Record<string, unknown>) : {};
  const next = setPath(inner, rest.join('.'), value);
  if (Object.keys(next).length === 0) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** A clip property by path, for the properties panel. */
export function getPath(target: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), target);
}

/** The property a clip's `variable` replaces: the renderer's own rule (bindTimelineVariables). */
export { CLIP_VARIABLE_PROPERTY as MAIN_PROPERTY } from '@pressroom/contracts/video-timeline';
