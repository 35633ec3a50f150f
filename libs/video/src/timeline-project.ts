import {
  CLIP_VARIABLE_PROPERTY,
  TIMELINE_LIMITS,
  TIMELINE_SIZE_PRESETS,
  TimelineClip,
  TimelineProject,
  type TimelineSizePreset,
} from '@pressroom/contracts/video-timeline';
import type { z } from 'zod';
import { captionSourceOfValue } from './captions.js';

export { TimelineClip, TimelineProject };

/** A checked project with its size and length fixed (what the render bundle draws). */
export type ResolvedTimeline = z.output<typeof TimelineProject> & { width: number; height: number; durationInFrames: number };

export type TimelineCheck =
  | { ok: true; project: ResolvedTimeline; meta: { width: number; height: number; fps: number; durationInFrames: number } }
  | { ok: false; errors: Array<{ path: string; message: string }> };

const evenRound = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** width × height from explicit sizes, or a preset scaled to the one side given (1080 on the short side by default). */
function sizeOf(project: { size?: TimelineSizePreset | undefined; width?: number | undefined; height?: number | undefined }) {
  if (project.width !== undefined && project.height !== undefined) return { width: project.width, height: project.height };
  const preset = TIMELINE_SIZE_PRESETS[project.size ?? '16:9'];
  if (project.width !== undefined) return { width: project.width, height: evenRound((project.width * preset.height) / preset.width) };
  if (project.height !== undefined) return { width: evenRound((project.height * preset.width) / preset.height), height: project.height };
  return { ...preset };
}

/** Validate a timeline project and fix its size (a preset) and length (when not given: the end of the last visual clip, or of the last audio clip when there is nothing to see). */
export function checkTimelineProject(projectJson: unknown): TimelineCheck {
  const parsed = TimelineProject.safeParse(projectJson);
  if (!parsed.success)
    return { ok: false, errors: parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) };
  const project = parsed.data;
  const { width, height } = sizeOf(project);
  if (width > TIMELINE_LIMITS.maxSide || height > TIMELINE_LIMITS.maxSide)
    return { ok: false, errors: [{ path: 'size', message: `At most ${TIMELINE_LIMITS.maxSide} px on a side (${width}×${height}).` }] };
  // Sound follows the picture: audio clips do not lengthen a timeline that has visual clips (a longer one is cut at the end).
  const clips = project.tracks.flatMap((track) => track.clips);
  const visual = clips.filter((clip) => clip.type !== 'audio');
  const lastEnd = Math.max(0, ...(visual.length > 0 ? visual : clips).map((clip) => clip.from + clip.durationInFrames));
  const durationInFrames = project.durationInFrames ?? lastEnd;
  const maxFrames = project.fps * TIMELINE_LIMITS.maxSeconds;
  if (durationInFrames < 1)
    return {
      ok: false,
      errors: [{ path: 'durationInFrames', message: 'The project is empty: give durationInFrames or at least one clip.' }],
    };
  if (durationInFrames > maxFrames)
    return {
      ok: false,
      errors: [
        { path: 'durationInFrames', message: `At most ${TIMELINE_LIMITS.maxSeconds} s (${maxFrames} frames at ${project.fps} fps).` },
      ],
    };
  return {
    ok: true,
    project: { ...project, width, height, durationInFrames },
    meta: { width, height, fps: project.fps, durationInFrames },
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A variable's value as the bound property wants it: numbers from numeric strings (form fields send strings). */
function coerce(value: unknown, current: unknown): unknown {
  if (typeof current === 'number' && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

const given = (variables: Json, name: string) =>
  Object.hasOwn(variables, name) && variables[name] !== undefined && variables[name] !== null;

/**
 * The project with this render's variables in place: each clip's `variable` (its main value),
 * its `bind` map (`{"style.color": "brand", "durationInFrames": "length"}`), the soundtrack's
 * `variable` and the project's `durationVariable`; then checked again. A bound value that makes
 * the project invalid is the variable's fault: `errors` name `variables.<name>`.
 */
export function bindTimelineVariables(
  projectJson: unknown,
  variables: Json,
):
  { ok: true; project: ResolvedTimeline; boundAt: Map<string, string> } | { ok: false; errors: Array<{ field: string; message: string }> } {
  if (!isObject(projectJson)) return { ok: false, errors: [{ field: 'projectJson', message: 'The project must be an object.' }] };
  const project = structuredClone(projectJson);
  // Where each bound value went, to blame the variable when it does not fit.
  const boundAt = new Map<string, string>();
  const tracks = Array.isArray(project.tracks) ? project.tracks : [];
  tracks.forEach((track: unknown, t) => {
    if (!isObject(track) || !Array.isArray(track.clips)) return;
    track.clips.forEach((clip: unknown, c) => {
      if (!isObject(clip)) return;
      const bindings: Array<[string, string]> = [];
      if (typeof clip.variable === 'string' && typeof clip.type === 'string' && clip.type in CLIP_VARIABLE_PROPERTY)
        bindings.push([CLIP_VARIABLE_PROPERTY[clip.type as TimelineClip['type']], clip.variable]);
      if (isObject(clip.bind))
        for (const [property, name] of Object.entries(clip.bind)) if (typeof name === 'string') bindings.push([property, name]);
      for (const [property, name] of bindings) {
        if (!given(variables, name)) continue;
        const [head, leaf] = property.split('.') as [string, string | undefined];
        const target = leaf === undefined ? clip : isObject(clip[head]) ? clip[head] : (clip[head] = {} as Json);
        const key = leaf ?? head;
        // A caption clip's variable gives subtitle text or a URL of it: `{srt}` or `{vtt}` by its content.
        target[key] =
          clip.type === 'caption' && property === 'captions' ? captionSourceOfValue(variables[name]) : coerce(variables[name], target[key]);
        boundAt.set(`tracks.${t}.clips.${c}.${property}`, name);
      }
    });
  });
  if (isObject(project.soundtrack) && typeof project.soundtrack.variable === 'string' && given(variables, project.soundtrack.variable)) {
    project.soundtrack.src = variables[project.soundtrack.variable];
    boundAt.set('soundtrack.src', project.soundtrack.variable);
  }
  if (typeof project.durationVariable === 'string' && given(variables, project.durationVariable)) {
    project.durationInFrames = coerce(variables[project.durationVariable], 0);
    boundAt.set('durationInFrames', project.durationVariable);
  }
  const checked = checkTimelineProject(project);
  if (checked.ok) return { ok: true, project: checked.project, boundAt };
  return {
    ok: false,
    errors: checked.errors.map((error) => {
      const bound = [...boundAt.entries()].find(([path]) => error.path === path || error.path.startsWith(`${path}.`));
      return bound
        ? { field: `variables.${bound[1]}`, message: `${error.message} (bound to ${bound[0]})` }
        : { field: error.path ? `projectJson.${error.path}` : 'projectJson', message: error.message };
    }),
  };
}

/** Every media source a resolved project plays (video and audio clips, the soundtrack), with where it sits. */
export function mediaSources(project: ResolvedTimeline): Array<{ path: string; kind: 'video' | 'audio'; url: string }> {
  const sources: Array<{ path: string; kind: 'video' | 'audio'; url: string }> = [];
  project.tracks.forEach((track, t) =>
    track.clips.forEach((clip, c) => {
      if (clip.type === 'video' || clip.type === 'audio')
        sources.push({ path: `tracks.${t}.clips.${c}.src`, kind: clip.type, url: clip.src });
    }),
  );
  if (project.soundtrack) sources.push({ path: 'soundtrack.src', kind: 'audio', url: project.soundtrack.src });
  return sources;
}
