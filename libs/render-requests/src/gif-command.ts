import { GIF_QUALITY_PRESETS, type RenderGifCommand, type RequestedControls } from '@pressroom/contracts';
import type { Storage } from '@pressroom/storage';
import { envelopeFields, type CommandEnvelope } from './command-envelope.js';
import { offloadPage, type PageSource } from './offload.js';
import { planControls } from './page-controls.js';

/** A GIF render as planned: a page stepped (animation) or recorded (capture). */
export interface GifRenderPlan {
  origin: RenderGifCommand['origin'];
  mode: RenderGifCommand['mode'];
  templateId: string | null;
  source: PageSource;
  width: number;
  height: number;
  quality: RenderGifCommand['quality'];
  durationSeconds: number | null;
  selector: string | null;
  waitForSelector: string | null;
  /** Animation mode: the request's render controls (docs/render-controls.md). */
  controls?: RequestedControls | undefined;
}

/** The `render.gif` command of a plan: frame rate and longest duration come from the quality preset. */
export async function gifCommand(storage: Storage, plan: GifRenderPlan, envelope: CommandEnvelope): Promise<RenderGifCommand> {
  const preset = GIF_QUALITY_PRESETS[plan.quality];
  const controls = plan.mode === 'animation' ? planControls(plan.controls) : undefined;
  return {
    ...envelopeFields(plan, envelope),
    mode: plan.mode,
    source: await offloadPage(storage, envelope.renderId, plan.source),
    width: plan.width,
    height: plan.height,
    quality: plan.quality,
    fps: preset.fps,
    durationSeconds: plan.durationSeconds,
    maxDurationSeconds: preset.maxSeconds,
    selector: plan.selector,
    waitForSelector: plan.waitForSelector,
    ...(controls ? { controls } : {}),
  };
}
