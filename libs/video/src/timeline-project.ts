import { z } from 'zod';
import { VIDEO_LIMITS } from './code-template.js';

const frames = z.number().int().min(0);
const px = z.number().min(-10_000).max(10_000);

/** Where and how a clip is drawn; sizes in pixels of the project, colours as CSS colours. */
const ClipStyle = z
  .object({
    x: px.optional(),
    y: px.optional(),
    width: z.number().min(0).max(10_000).optional(),
    height: z.number().min(0).max(10_000).optional(),
    fontSize: z.number().min(1).max(1_000).optional(),
    fontFamily: z.string().max(200).optional(),
    fontWeight: z.union([z.number().int().min(100).max(900), z.enum(['normal', 'bold'])]).optional(),
    color: z.string().max(100).optional(),
    textAlign: z.enum(['left', 'center', 'right']).optional(),
    opacity: z.number().min(0).max(1).optional(),
    /** Frames to fade in and out over. */
    fadeInFrames: frames.optional(),
    fadeOutFrames: frames.optional(),
  })
  .strict();

const clipBase = {
  from: frames,
  durationInFrames: z.number().int().min(1),
  /** A template variable that replaces the clip's text (text), src (image) or color (solid). */
  variable: z.string().min(1).max(200).optional(),
  style: ClipStyle.optional(),
};

export const TimelineClip = z.discriminatedUnion('type', [
  z.object({ type: z.literal('solid'), color: z.string().max(100).default('#000000'), ...clipBase }).strict(),
  z.object({ type: z.literal('text'), text: z.string().max(10_000).default(''), ...clipBase }).strict(),
  z.object({ type: z.literal('image'), src: z.string().max(10_000).optional(), ...clipBase }).strict(),
]);
export type TimelineClip = z.infer<typeof TimelineClip>;

/**
 * A timeline project (`projectJson`): a size, a frame rate and tracks of clips drawn in order
 * (later tracks on top), each clip a `<Sequence>` from `from` for `durationInFrames`.
 */
export const TimelineProject = z
  .object({
    width: z
      .number()
      .int()
      .min(2)
      .max(VIDEO_LIMITS.maxSide)
      .refine((n) => n % 2 === 0, 'width must be even (H.264 video needs even sizes).'),
    height: z
      .number()
      .int()
      .min(2)
      .max(VIDEO_LIMITS.maxSide)
      .refine((n) => n % 2 === 0, 'height must be even (H.264 video needs even sizes).'),
    fps: z.number().int().min(1).max(VIDEO_LIMITS.maxFps),
    /** Default: the end of the last clip. */
    durationInFrames: z.number().int().min(1).optional(),
    backgroundColor: z.string().max(100).default('#000000'),
    tracks: z
      .array(z.object({ clips: z.array(TimelineClip).max(500) }).strict())
      .min(1)
      .max(50),
  })
  .strict();
export type TimelineProject = z.infer<typeof TimelineProject> & { durationInFrames: number };

export type TimelineCheck =
  | { ok: true; project: TimelineProject; meta: { width: number; height: number; fps: number; durationInFrames: number } }
  | { ok: false; errors: Array<{ path: string; message: string }> };

/** Validate a timeline project and fix its length (the last clip's end when not given). */
export function checkTimelineProject(projectJson: unknown): TimelineCheck {
  const parsed = TimelineProject.safeParse(projectJson);
  if (!parsed.success)
    return { ok: false, errors: parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) };
  const project = parsed.data;
  const lastEnd = Math.max(0, ...project.tracks.flatMap((track) => track.clips.map((clip) => clip.from + clip.durationInFrames)));
  const durationInFrames = project.durationInFrames ?? lastEnd;
  const maxFrames = project.fps * VIDEO_LIMITS.maxSeconds;
  if (durationInFrames < 1)
    return {
      ok: false,
      errors: [{ path: 'durationInFrames', message: 'The project is empty: give durationInFrames or at least one clip.' }],
    };
  if (durationInFrames > maxFrames)
    return {
      ok: false,
      errors: [{ path: 'durationInFrames', message: `At most ${VIDEO_LIMITS.maxSeconds} s (${maxFrames} frames at ${project.fps} fps).` }],
    };
  return {
    ok: true,
    project: { ...project, durationInFrames },
    meta: { width: project.width, height: project.height, fps: project.fps, durationInFrames },
  };
}
