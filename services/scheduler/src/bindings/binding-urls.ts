import type { BindingRow } from '@pressroom/db';

function extensionOf(format: string): string {
  return format === 'jpeg' ? 'jpg' : format;
}

/** The stable public URL of a binding's latest image (served by the gateway, updated in place). */
export function bindingRenderUrl(publicBaseUrl: string, binding: Pick<BindingRow, 'uid' | 'outputConfig'>): string {
  return `${publicBaseUrl}/b/${binding.uid}.${extensionOf(binding.outputConfig.format)}`;
}

export { extensionOf };
