import type { ImageFormat, RenderImageCommand, RequestedControls } from '@pressroom/contracts';
import type { Storage } from '@pressroom/storage';
import { envelopeFields, type CommandEnvelope } from './command-envelope.js';
import { offloadCanvas, offloadPage, type PageSource } from './offload.js';
import { planControls } from './page-controls.js';
import type { CanvasRenderSource } from './prepare-canvas.js';

/** An image render as planned: what to draw, at what size, in which format. */
export interface ImageRenderPlan {
  origin: RenderImageCommand['origin'];
  templateId: string | null;
  source: PageSource | CanvasRenderSource;
  width: number;
  height: number;
  selector: string | null;
  format: ImageFormat;
  quality: number;
  /** The request's render controls (docs/render-controls.md); a canvas render ignores them. */
  controls?: RequestedControls | undefined;
}

/** The `render.image` command of a plan; large HTML or canvas JSON moves to storage under the render id. */
export async function imageCommand(storage: Storage, plan: ImageRenderPlan, envelope: CommandEnvelope): Promise<RenderImageCommand> {
  return {
    ...envelopeFields(plan, envelope),
    source:
      plan.source.kind === 'canvas'
        ? await offloadCanvas(storage, envelope.renderId, plan.source)
        : await offloadPage(storage, envelope.renderId, plan.source),
    width: plan.width,
    height: plan.height,
    selector: plan.selector,
    format: plan.format,
    quality: plan.quality,
    ...controlsOf(plan),
  };
}

function controlsOf(plan: ImageRenderPlan): Pick<RenderImageCommand, 'controls'> {
  const controls = plan.source.kind === 'canvas' ? undefined : planControls(plan.controls);
  return controls ? { controls } : {};
}
