import type { BindingRow } from '@pressroom/db';
import { fileExtensionOf } from '@pressroom/render-requests';

/** The stable public URL of a binding's latest image (served by the gateway, updated in place). */
export function bindingRenderUrl(publicBaseUrl: string, binding: Pick<BindingRow, 'uid' | 'outputConfig'>): string {
  return `${publicBaseUrl}/b/${binding.uid}.${fileExtensionOf(binding.outputConfig.format)}`;
}
