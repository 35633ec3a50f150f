import { CATALOG } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import type { BindingRow } from '@pressroom/db';
import { bindingRenderUrl } from './binding-urls.js';

/** What the render URL serves after a failure (the `serving` field of binding.failed). */
function servingAfterFailure(binding: BindingRow): 'stale' | 'error' | 'none' {
  if (binding.refreshPolicy.onError === 'serve_error') return 'error';
  return binding.currentRenderId ? 'stale' : 'none';
}

export async function emitBindingUpdated(
  deps: { bus: Bus; publicBaseUrl: string },
  binding: BindingRow,
  input: { renderId: string; imageUrl: string; trigger: string; at: Date },
): Promise<void> {
  await deps.bus.emit(
    CATALOG.bindingUpdated,
    {
      event: 'binding.updated',
      timestamp: input.at.toISOString(),
      ownerId: binding.ownerId,
      bindingId: binding.uid,
      data: {
        bindingId: binding.uid,
        templateId: binding.templateId,
        status: binding.status,
        renderUrl: bindingRenderUrl(deps.publicBaseUrl, binding),
        imageUrl: input.imageUrl,
        renderId: input.renderId,
        trigger: input.trigger,
        refreshedAt: input.at.toISOString(),
      },
    },
    { msgId: `${binding.uid}:updated:${input.renderId}` },
  );
}

export async function emitBindingFailed(
  deps: { bus: Bus; publicBaseUrl: string },
  binding: BindingRow,
  input: { error: string; errorCode: string; trigger: string; at: Date; attemptKey: string },
): Promise<void> {
  await deps.bus.emit(
    CATALOG.bindingFailed,
    {
      event: 'binding.failed',
      timestamp: input.at.toISOString(),
      ownerId: binding.ownerId,
      bindingId: binding.uid,
      data: {
        bindingId: binding.uid,
        templateId: binding.templateId,
        status: binding.status,
        renderUrl: bindingRenderUrl(deps.publicBaseUrl, binding),
        error: input.error,
        errorCode: input.errorCode,
        trigger: input.trigger,
        consecutiveFailures: binding.consecutiveFailures,
        serving: servingAfterFailure(binding),
        failedAt: input.at.toISOString(),
      },
    },
    { msgId: `${binding.uid}:failed:${input.attemptKey}` },
  );
}
