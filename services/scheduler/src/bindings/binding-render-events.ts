import { errorCodeOfSlug, type RenderCompletedEvent, type RenderFailedEvent } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import { getRenderById, settleBindingRender, unsettledBindingRenders, type Db } from '@pressroom/db';
import { emitBindingFailed, emitBindingUpdated } from './binding-events.js';

interface Deps {
  bus: Bus;
  db: Db;
  publicBaseUrl: string;
  now: () => Date;
}

/** A binding's render finished: it becomes the image the render URL serves, and `binding.updated` goes out. */
export async function bindingRenderCompleted(deps: Deps, data: RenderCompletedEvent['data']): Promise<void> {
  const render = await getRenderById(deps.db, data.imageId);
  if (!render?.storageKey) return;
  const at = deps.now();
  const settled = await settleBindingRender(deps.db, {
    renderId: data.imageId,
    at,
    ok: true,
    storageKey: render.storageKey,
    contentType: render.contentType ?? 'image/png',
    imageUrl: data.url,
  });
  if (settled)
    await emitBindingUpdated(deps, settled.binding, { renderId: data.imageId, imageUrl: data.url, trigger: settled.trigger, at });
}

/** A binding's render failed: the binding goes to `error` (its last good image stays) and `binding.failed` goes out. */
export async function bindingRenderFailed(deps: Deps, data: RenderFailedEvent['data']): Promise<void> {
  const at = deps.now();
  const settled = await settleBindingRender(deps.db, {
    renderId: data.renderId,
    at,
    ok: false,
    error: data.error,
    errorCode: data.errorCode,
  });
  if (settled)
    await emitBindingFailed(deps, settled.binding, {
      error: data.error,
      errorCode: data.errorCode,
      trigger: settled.trigger,
      at,
      attemptKey: data.renderId,
    });
}

/**
 * Settle binding renders that finished without their event reaching a
 * scheduler (a transport that lost it, a scheduler without binding settings
 * that consumed it): after `graceMs`, the `renders` row decides.
 */
export async function settleLostBindingRenders(deps: Deps, graceMs: number): Promise<number> {
  const lost = await unsettledBindingRenders(deps.db, { finishedBefore: new Date(deps.now().getTime() - graceMs), limit: 50 });
  for (const render of lost) {
    if (render.state === 'done' && render.url) {
      await bindingRenderCompleted(deps, { imageId: render.renderId, url: render.url } as RenderCompletedEvent['data']);
    } else {
      const slug = render.error?.slug ?? 'render-failed';
      await bindingRenderFailed(deps, {
        renderId: render.renderId,
        error: render.error?.detail ?? 'The render failed.',
        errorCode: errorCodeOfSlug(slug),
      } as RenderFailedEvent['data']);
    }
  }
  return lost.length;
}
