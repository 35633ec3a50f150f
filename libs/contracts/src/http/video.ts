import { z } from 'zod';
import { VIDEO_PROJECT_MAX_BYTES, VIDEO_TSX_MAX_BYTES } from '../bus/render-video.js';
import { NameSearch, refineWhenTyped, PageQuery, Variables } from './common.js';
import { type VariableDefinition, VariableDefinitions } from './template.js';
import { TimelineProject } from './video-timeline.js';

const byteLength = (value: unknown) => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value));

const designFields = {
  name: z.string().trim().min(1).max(200).optional(),
  /** A code template: one TSX file (`export default` scene, `export const meta`). */
  tsx: z
    .string()
    .min(1)
    .refine((tsx) => byteLength(tsx) <= VIDEO_TSX_MAX_BYTES, `tsx must be at most ${VIDEO_TSX_MAX_BYTES / 1024} KiB.`)
    .optional(),
  /** A timeline template: tracks of clips (docs/video.md; the schema is `TimelineProject`). */
  projectJson: TimelineProject.refine(
    (project) => byteLength(project) <= VIDEO_PROJECT_MAX_BYTES,
    `projectJson must be at most ${VIDEO_PROJECT_MAX_BYTES / 1024} KiB.`,
  ).optional(),
  /** Timeline templates validate their variables against these; code templates list them (default: from `meta.defaultProps`). */
  variableDefinitions: VariableDefinitions.max(200).optional(),
  /**
   * A code template without a `meta` export takes its size, frame rate and
   * length from here (as the hosted service's SDK sends them); a `meta` export wins.
   */
  width: z.number().int().min(2).max(3840).optional(),
  height: z.number().int().min(2).max(3840).optional(),
  fps: z.number().int().min(1).max(60).optional(),
  durationInFrames: z.number().int().min(1).optional(),
  /** The hosted service's names of the kinds (`tsx` is a code template); the design given decides. */
  kind: z.enum(['code', 'tsx', 'timeline']).optional(),
  /** Accepted from the hosted service's SDK (`draft`); templates here have no status. */
  status: z.string().max(50).optional(),
};

/** POST /video/templates: exactly one of `tsx` or `projectJson`. */
export const VideoTemplateCreate = z.object(designFields).superRefine((body, ctx) => {
  const given = (['tsx', 'projectJson'] as const).filter((key) => body[key] !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [given[1] ?? 'tsx'],
      message:
        given.length === 0
          ? 'Give `tsx` (a code template) or `projectJson` (a timeline template).'
          : 'Give `tsx` or `projectJson`, not both.',
    });
  }
}, refineWhenTyped());
export type VideoTemplateCreate = z.infer<typeof VideoTemplateCreate>;

/** PUT /video/templates/{uid}: any field; a design replaces the design of the same kind. */
export const VideoTemplateUpdate = z.object(designFields).superRefine((body, ctx) => {
  if (Object.values(body).every((value) => value === undefined)) {
    ctx.addIssue({ code: 'custom', path: [], message: 'Give at least one of name, tsx, projectJson, variableDefinitions.' });
    if (body.tsx === undefined && ['width', 'height', 'fps', 'durationInFrames'].some((k) => body[k as keyof typeof body] !== undefined))
      ctx.addIssue({ code: 'custom', path: ['tsx'], message: 'A size, fps or duration goes with the `tsx` it applies to.' });
  }
  if (body.tsx !== undefined && body.projectJson !== undefined)
    ctx.addIssue({ code: 'custom', path: ['projectJson'], message: 'Give `tsx` or `projectJson`, not both.' });
}, refineWhenTyped());
export type VideoTemplateUpdate = z.infer<typeof VideoTemplateUpdate>;

export const VideoTemplateListQuery = PageQuery.extend({ search: NameSearch });

/** POST /video/templates/{uid}/render */
export const VideoRenderRequest = z.object({
  variables: Variables.default({}),
  /** `webm` is VP9 (+ Opus); every render also stores a PNG poster frame (`posterUrl`). */
  format: z.enum(['mp4', 'gif', 'webm']).default('mp4'),
});
export type VideoRenderRequest = z.infer<typeof VideoRenderRequest>;

/** POST /video/templates/{uid}/preview */
export const VideoPreviewRequest = z.object({
  variables: Variables.default({}),
  frame: z.number().int().min(0).max(1_000_000).default(0),
});
export type VideoPreviewRequest = z.infer<typeof VideoPreviewRequest>;

/** A video template as the API shows it. */
export interface VideoTemplateView {
  uid: string;
  name: string;
  kind: 'code' | 'timeline';
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  durationSeconds: number;
  variableDefinitions: VariableDefinition[];
  tsx?: string;
  projectJson?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** 200 answer of POST /video/templates/{uid}/render. */
export interface VideoRenderResult {
  id: string;
  url: string;
  durationInFrames: number;
  format: 'mp4' | 'gif' | 'webm';
  width: number;
  height: number;
  fps: number;
  /** A PNG of one frame of the video (the timeline's `posterFrame`, default the middle frame). */
  posterUrl: string | null;
  createdAt: string;
}

/**
 * GET /video/templates/{uid}/module: a code template compiled for a browser. `code` is a CommonJS
 * module whose `require` must offer exactly the allowed modules; its default export is the scene.
 */
export interface VideoSceneModule {
  uid: string;
  code: string;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  defaultProps: Record<string, unknown>;
}

/** POST /video/templates/generate: an AI-written code template (docs/video.md). */
export const VideoGenerateRequest = z.object({
  prompt: z.string().trim().min(1).max(4_000),
  width: z.number().int().min(16).max(3840).default(1280),
  height: z.number().int().min(16).max(3840).default(720),
  durationSeconds: z.number().min(1).max(60).default(5),
  brandColor: z
    .string()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'brandColor must be a hex colour such as #1a73e8.')
    .optional(),
});
export type VideoGenerateRequest = z.infer<typeof VideoGenerateRequest>;

/** AI credits one generation costs. */
export const VIDEO_GENERATE_AI_COST = 1;
