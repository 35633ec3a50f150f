import { z } from 'zod';
import { CAPTION_LIMITS, CaptionSource } from './video-captions.js';
import { imageUrlProblem, mediaUrlProblem } from './url-rules.js';
import { VARIABLE_NAME_MAX_LENGTH } from './variable-name-limit.js';
// This file is also an entry of its own (the dashboard's studio): the same plain messages there.
import '../issue-messages.js';

/**
 * The timeline project of a timeline video template (`projectJson`): the one schema the gateway,
 * the renderer and the OpenAPI document read (docs/video.md, docs/adr/0042). Times are in frames of
 * the project's `fps`; positions and sizes in pixels of the project.
 */

/** Limits of a timeline (the same as a code template's, plus the clip count). */
export const TIMELINE_LIMITS = {
  maxSide: 3840,
  maxFps: 60,
  maxSeconds: 600,
  /** Clips over all tracks: a template is a design, not a data dump; each clip is a React subtree on every frame. */
  maxClips: 300,
  maxTracks: 50,
  maxKeyframes: 100,
  maxHtmlBytes: 64 * 1024,
} as const;

/** Output size presets: the aspect ratio, at 1080 px on the short side unless a width or height is given. */
export const TIMELINE_SIZE_PRESETS = {
  '16:9': { width: 1920, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
  '4:5': { width: 1080, height: 1350 },
} as const;
export type TimelineSizePreset = keyof typeof TIMELINE_SIZE_PRESETS;

const frames = z
  .number()
  .int()
  .min(0)
  .max(TIMELINE_LIMITS.maxFps * TIMELINE_LIMITS.maxSeconds);
const px = z.number().min(-10_000).max(10_000);
const colour = z.string().min(1).max(100);
const url = z.string().min(1).max(10_000);
/** A URL checked by `problem` (url-rules.ts) when the project is saved, not first when it renders. */
const checkedUrl = (problem: (value: string) => string | null) =>
  url.superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
const imageUrl = checkedUrl(imageUrlProblem);
const mediaUrl = checkedUrl(mediaUrlProblem);
const isEven = (n: number) => n % 2 === 0;

export const TimelineEasing = z.enum(['linear', 'ease', 'ease-in', 'ease-out', 'ease-in-out']);

/** One keyframe: the value at `frame` (counted from the clip's start), reached with `easing` from the one before. */
const Keyframe = z
  .object({ frame: frames, value: z.number().min(-100_000).max(100_000), easing: TimelineEasing.default('linear') })
  .strict();

const keyframeList = z
  .array(Keyframe)
  .min(1)
  .max(TIMELINE_LIMITS.maxKeyframes)
  .superRefine((list, ctx) => {
    list.forEach((keyframe, i) => {
      if (i > 0 && keyframe.frame <= list[i - 1]!.frame)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'frame'],
          message: `Keyframes must be in order of frame: frame ${keyframe.frame} comes after frame ${list[i - 1]!.frame}.`,
        });
    });
  });

/** Animated properties: `x`/`y` replace the style's position; `scale` (1 = as is), `rotation` (degrees) and `opacity` (0–1) apply on top. */
const Keyframes = z
  .object({
    x: keyframeList.optional(),
    y: keyframeList.optional(),
    scale: keyframeList.optional(),
    rotation: keyframeList.optional(),
    opacity: keyframeList.optional(),
  })
  .strict();

const direction = z.enum(['left', 'right', 'up', 'down']);

/** A preset entrance or exit over the clip's first or last frames. */
const Animation = z
  .object({
    type: z.enum(['fade', 'slide', 'zoom', 'wipe']),
    durationInFrames: z
      .number()
      .int()
      .min(1)
      .max(TIMELINE_LIMITS.maxFps * 60),
    /** slide: where the clip comes from (entrance) or goes to (exit); wipe: the edge the reveal starts from. Default `left`. */
    direction: direction.default('left'),
    easing: TimelineEasing.default('ease-in-out'),
  })
  .strict();

/** How the previous clip on the same track hands over to this one (over this clip's first frames). */
const Transition = z
  .object({
    type: z.enum(['fade', 'slide', 'wipe']),
    durationInFrames: z
      .number()
      .int()
      .min(1)
      .max(TIMELINE_LIMITS.maxFps * 60),
    direction: direction.default('left'),
  })
  .strict();

/** Where and how a clip is drawn; sizes in pixels of the project, colours as CSS colours. */
const ClipStyle = z
  .object({
    x: px.optional(),
    y: px.optional(),
    width: z.number().min(0).max(10_000).optional(),
    height: z.number().min(0).max(10_000).optional(),
    opacity: z.number().min(0).max(1).optional(),
    /** Degrees, clockwise. */
    rotation: z.number().min(-3600).max(3600).optional(),
    scale: z.number().min(0).max(100).optional(),
    fadeInFrames: frames.optional(),
    fadeOutFrames: frames.optional(),
    // Text
    fontSize: z.number().min(1).max(1_000).optional(),
    /** A system family or one of the account's fonts in the asset library, by family name. */
    fontFamily: z.string().max(200).optional(),
    fontWeight: z.union([z.number().int().min(100).max(900), z.enum(['normal', 'bold'])]).optional(),
    fontStyle: z.enum(['normal', 'italic']).optional(),
    color: colour.optional(),
    textAlign: z.enum(['left', 'center', 'right']).optional(),
    lineHeight: z.number().min(0.5).max(5).optional(),
    /** The text's box: drawn behind the text, with `padding` and `borderRadius`. */
    backgroundColor: colour.optional(),
    padding: z.number().min(0).max(1_000).optional(),
    borderRadius: z.number().min(0).max(10_000).optional(),
  })
  .strict();

/** Variable names bound to clip properties: `{ "text": "headline", "style.color": "brand" }`. */
const Bind = z.record(
  z.string().regex(/^(?:[a-zA-Z]+)(?:\.[a-zA-Z]+)?$/, 'A bound property is a name such as `src` or `style.color`.'),
  z.string().min(1).max(VARIABLE_NAME_MAX_LENGTH),
);

const clipBase = {
  from: frames,
  durationInFrames: z
    .number()
    .int()
    .min(1)
    .max(TIMELINE_LIMITS.maxFps * TIMELINE_LIMITS.maxSeconds),
  /** A template variable that replaces the clip's main value: text, src, color (solid) or fill (shape), html. */
  variable: z.string().min(1).max(VARIABLE_NAME_MAX_LENGTH).optional(),
  /** Template variables bound to any other property (per render: texts, URLs, colours, durations). */
  bind: Bind.optional(),
  style: ClipStyle.optional(),
  keyframes: Keyframes.optional(),
  enter: Animation.optional(),
  exit: Animation.optional(),
  transition: Transition.optional(),
};

const fit = z.enum(['cover', 'contain', 'fill']);
/** Frames of the source to skip at its start / to stop at (counted in the project's fps). */
const trim = { trimBefore: frames.optional(), trimAfter: frames.optional() };

export const TimelineClip = z.discriminatedUnion('type', [
  z.object({ type: z.literal('solid'), color: colour.default('#000000'), ...clipBase }).strict(),
  z.object({ type: z.literal('text'), text: z.string().max(10_000).default(''), ...clipBase }).strict(),
  z.object({ type: z.literal('image'), src: imageUrl.optional(), fit: fit.default('cover'), ...clipBase }).strict(),
  z
    .object({
      type: z.literal('video'),
      /** Fetched by the server through the SSRF guard (size-limited) before the render. */
      src: mediaUrl,
      fit: fit.default('cover'),
      ...trim,
      playbackRate: z.number().min(0.25).max(4).default(1),
      volume: z.number().min(0).max(2).default(1),
      muted: z.boolean().default(false),
      ...clipBase,
    })
    .strict(),
  z
    .object({
      type: z.literal('audio'),
      src: mediaUrl,
      ...trim,
      playbackRate: z.number().min(0.25).max(4).default(1),
      volume: z.number().min(0).max(2).default(1),
      fadeInFrames: frames.optional(),
      fadeOutFrames: frames.optional(),
      ...clipBase,
    })
    .strict(),
  z
    .object({
      type: z.literal('shape'),
      shape: z.enum(['rectangle', 'circle']).default('rectangle'),
      fill: colour.default('#ffffff'),
      stroke: colour.optional(),
      strokeWidth: z.number().min(0).max(1_000).default(0),
      /** Rectangles only. */
      cornerRadius: z.number().min(0).max(10_000).default(0),
      ...clipBase,
    })
    .strict(),
  z
    .object({
      type: z.literal('html'),
      /** A fragment of HTML and CSS, drawn in its own shadow root (its styles stay inside); scripts do not run. */
      html: z.string().max(TIMELINE_LIMITS.maxHtmlBytes),
      ...clipBase,
    })
    .strict(),
  z
    .object({
      type: z.literal('caption'),
      /**
       * Where the cues come from (times in seconds from the clip's start): `transcribe` (speech, AI
       * credits per minute), `srt` / `vtt` (text or a URL), `words`, `cues`; `variable` replaces it.
       */
      captions: CaptionSource.optional(),
      /** The colour of the word being spoken (the other words keep `style.color`). */
      highlightColor: colour.default('#ffd400'),
      /** A box behind the word being spoken. */
      highlightBackgroundColor: colour.optional(),
      /** Words shown at once when cues are built from word timings (transcriptions, `words`). */
      wordsPerCue: z.number().int().min(1).max(CAPTION_LIMITS.maxWordsPerCue).default(6),
      ...clipBase,
    })
    .strict(),
]);
export type TimelineClip = z.infer<typeof TimelineClip>;

/** The property a clip's `variable` replaces, by clip type (the renderer's binding and the dashboard's studio both read it). */
export const CLIP_VARIABLE_PROPERTY: Record<TimelineClip['type'], string> = {
  solid: 'color',
  text: 'text',
  image: 'src',
  video: 'src',
  audio: 'src',
  shape: 'fill',
  html: 'html',
  caption: 'captions',
};
export type TimelineClipInput = z.input<typeof TimelineClip>;

/** Music or narration under the whole timeline. */
const Soundtrack = z
  .object({
    src: mediaUrl,
    volume: z.number().min(0).max(2).default(1),
    trimBefore: frames.optional(),
    fadeInFrames: frames.optional(),
    fadeOutFrames: frames.optional(),
    /** A template variable that replaces `src`. */
    variable: z.string().min(1).max(VARIABLE_NAME_MAX_LENGTH).optional(),
  })
  .strict();

/**
 * A timeline project (`projectJson`): a size (`width`/`height`, or a `size` preset), a frame rate
 * and tracks of clips drawn in order (later tracks on top).
 */
export const TimelineProject = z
  .object({
    /** An aspect preset; `width` or `height` (if given) scales it, else 1080 px on the short side. */
    size: z.enum(['16:9', '9:16', '1:1', '4:5']).optional(),
    width: z
      .number()
      .int()
      .min(2)
      .max(TIMELINE_LIMITS.maxSide)
      .refine(isEven, 'width must be even (H.264 video needs even sizes).')
      .optional(),
    height: z
      .number()
      .int()
      .min(2)
      .max(TIMELINE_LIMITS.maxSide)
      .refine(isEven, 'height must be even (H.264 video needs even sizes).')
      .optional(),
    fps: z.number().int().min(1).max(TIMELINE_LIMITS.maxFps),
    /** Default: the end of the last clip. */
    durationInFrames: z.number().int().min(1).optional(),
    /** A template variable (a number of frames) that sets the length per render. */
    durationVariable: z.string().min(1).max(VARIABLE_NAME_MAX_LENGTH).optional(),
    /** The frame drawn as the render's poster PNG (default: the middle frame). */
    posterFrame: frames.optional(),
    backgroundColor: colour.default('#000000'),
    soundtrack: Soundtrack.optional(),
    tracks: z
      .array(z.object({ clips: z.array(TimelineClip) }).strict())
      .min(1)
      .max(TIMELINE_LIMITS.maxTracks),
  })
  .strict()
  .superRefine(
    (project, ctx) => {
      // Also runs when some fields failed (one answer lists every problem), so it reads the raw input defensively.
      if (project.width === undefined && project.height === undefined && project.size === undefined)
        ctx.addIssue({ code: 'custom', path: ['size'], message: 'Give a size preset (16:9, 9:16, 1:1, 4:5) or width and height.' });
      if (project.size === undefined && (project.width === undefined) !== (project.height === undefined))
        ctx.addIssue({
          code: 'custom',
          path: [project.width === undefined ? 'width' : 'height'],
          message: 'Give width and height together (or a size preset with one of them).',
        });
      const tracks = (Array.isArray(project.tracks) ? project.tracks : []) as Array<{ clips?: unknown }>;
      const clipsOf = (track: { clips?: unknown }) => (Array.isArray(track?.clips) ? (track.clips as Array<Partial<TimelineClip>>) : []);
      const clips = tracks.reduce((sum, track) => sum + clipsOf(track).length, 0);
      if (clips > TIMELINE_LIMITS.maxClips)
        ctx.addIssue({
          code: 'custom',
          path: ['tracks'],
          message: `A timeline holds at most ${TIMELINE_LIMITS.maxClips} clips; this one has ${clips}.`,
        });
      tracks.forEach((track, t) =>
        clipsOf(track).forEach((clip, c) => {
          const at = ['tracks', t, 'clips', c];
          if (!clip || typeof clip !== 'object') return;
          if (clip.transition && c === 0)
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'transition'],
              message: 'A transition needs a clip before it on the same track.',
            });
          if (clip.transition && Number(clip.transition.durationInFrames) > Number(clip.durationInFrames))
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'transition', 'durationInFrames'],
              message: 'A transition cannot outlast its clip.',
            });
          if (clip.type === 'caption' && (clip as { captions?: unknown }).captions === undefined && clip.variable === undefined)
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'captions'],
              message: 'A caption clip needs `captions` (transcribe, srt, vtt, words or cues) or a `variable` that gives them.',
            });
          const trimmed = clip as { trimBefore?: unknown; trimAfter?: unknown };
          if (typeof trimmed.trimBefore === 'number' && typeof trimmed.trimAfter === 'number' && trimmed.trimAfter <= trimmed.trimBefore)
            ctx.addIssue({ code: 'custom', path: [...at, 'trimAfter'], message: 'trimAfter must be later than trimBefore.' });
        }),
      );
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );
export type TimelineProjectInput = z.input<typeof TimelineProject>;
