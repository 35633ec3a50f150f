import { CATALOG, type RenderImageCommand } from '@pressroom/contracts';
import { captureCanvas, captureImage, type BrowserPool, type CaptureOptions } from '@pressroom/browser';
import {
  readSource,
  readStoredCanvas,
  renderJobHandler,
  spilledKeys,
  type RenderJobDeps,
  type RenderedFile,
} from '@pressroom/render-worker';
import type { SsrfGuard } from '@pressroom/ssrf';

export interface ImageHandlerDeps extends RenderJobDeps {
  pool: BrowserPool;
  guard: SsrfGuard;
  /** `fast` (the default) keeps Chromium's PNG as is; `small` re-packs it losslessly (ADR 0048). */
  pngCompression: 'fast' | 'small';
}

async function renderImage(deps: ImageHandlerDeps, command: RenderImageCommand): Promise<RenderedFile> {
  const output = { width: command.width, height: command.height, format: command.format, quality: command.quality };
  const options: CaptureOptions = { guard: deps.guard, ...(deps.pngCompression === 'fast' ? { pngReencodeBytesPerPixel: Infinity } : {}) };
  const source = command.source;
  let image;
  if (source.kind === 'canvas' || source.kind === 'stored-canvas') {
    const { canvas, fonts } = source.kind === 'canvas' ? source : await readStoredCanvas(deps.storage, source.storageKey);
    image = await captureCanvas(deps.pool, { canvas, fonts, ...output }, options);
  } else {
    image = await captureImage(
      deps.pool,
      { source: await readSource(deps.storage, source), selector: command.selector, controls: command.controls, ...output },
      options,
    );
  }
  return { bytes: image.bytes, contentType: image.contentType, width: image.width, height: image.height, details: {} };
}

/** Consumer of `render.image`: capture (page or canvas) → storage → row (and the template's thumbnail) → events. */
export function renderImageHandler(deps: ImageHandlerDeps) {
  return renderJobHandler<RenderImageCommand>(deps, {
    kind: 'image',
    subject: CATALOG.renderImage,
    render: (command) => renderImage(deps, command),
    inputs: (command) => spilledKeys([command.source]),
    thumbnail: true,
    // Captures take tens of milliseconds: the page work overlaps the claim (docs/adr/0048).
    startBeforeClaim: true,
  });
}
