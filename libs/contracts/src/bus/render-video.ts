import { z } from 'zod';

/** Largest code template (TSX source) and timeline project accepted; both travel inside the command. */
export const VIDEO_TSX_MAX_BYTES = 256 * 1024;
export const VIDEO_PROJECT_MAX_BYTES = 512 * 1024;

/**
 * What a video template renders from: a code template (one TSX file whose default export is the
 * scene component, with an exported `meta` giving its size, fps and length) or a timeline project
 * (`projectJson`: tracks of clips, rendered by one generic composition). The gateway has already
 * validated it (a code template compiled when it was saved).
 */
export const VideoTemplateSource = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('code'),
    tsx: z.string().min(1),
    /** The saved size, frame rate and length, for a scene without a `meta` export (given in the create request instead). */
    size: z
      .object({ width: z.number().int(), height: z.number().int(), fps: z.number().int(), durationInFrames: z.number().int() })
      .optional(),
  }),
  z.object({ kind: z.literal('timeline'), projectJson: z.record(z.string(), z.unknown()) }),
]);
export type VideoTemplateSource = z.infer<typeof VideoTemplateSource>;

/**
 * Command `render.video`. `render`: the whole composition as MP4 (H.264, bt709) or GIF.
 * `preview`: one frame as PNG (code templates only; the gateway answers 501 for timelines).
 */
export const RenderVideoCommand = z.object({
  renderId: z.string(),
  accountId: z.string(),
  ownerId: z.string(),
  origin: z.literal('template'),
  templateId: z.string(),
  template: VideoTemplateSource,
  /** Props for a code template (passed as they are); already validated values for a timeline. */
  variables: z.record(z.string(), z.unknown()),
  mode: z.enum(['render', 'preview']),
  /** `mp4`, `gif` or `webm` for a render, `png` for a preview. */
  format: z.enum(['mp4', 'gif', 'webm', 'png']),
  /**
   * Timelines: the owner's fonts (asset library) whose family the project or its variables name; the
   * renderer reads them from storage by key (fonts stay out of the message).
   */
  fonts: z
    .array(
      z.object({
        family: z.string(),
        weight: z.number().int(),
        style: z.enum(['normal', 'italic']),
        storageKey: z.string(),
        contentType: z.string(),
      }),
    )
    .optional(),
  /** Preview only: the frame to draw (clamped to the last frame). */
  frame: z.number().int().min(0).nullable(),
  output: z.object({ storageKey: z.string(), url: z.string() }),
  requestedAt: z.string(),
});
export type RenderVideoCommand = z.infer<typeof RenderVideoCommand>;
