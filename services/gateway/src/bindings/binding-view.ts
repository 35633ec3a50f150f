import type { BindingView, SourceCredentials } from '@pressroom/contracts';
import { maskCredentials } from '@pressroom/bindings';
import type { BindingRow, SecretBox } from '@pressroom/db';
import { fileExtensionOf } from '@pressroom/render-requests';

/** The stable public image URL (GET, no key; docs/bindings.md). */
export function renderUrlOf(publicBaseUrl: string, row: Pick<BindingRow, 'uid' | 'outputConfig'>): string {
  return `${publicBaseUrl}/b/${row.uid}.${fileExtensionOf(row.outputConfig.format)}`;
}

/** The secret trigger URL: POST refreshes the binding (policy `webhook`, or any binding). */
export function webhookUrlOf(publicBaseUrl: string, row: Pick<BindingRow, 'uid' | 'triggerTokenCiphertext'>, secretBox: SecretBox): string {
  return `${publicBaseUrl}/hooks/bindings/${row.uid}/${secretBox.open(row.triggerTokenCiphertext)}`;
}

export function openCredentials(secretBox: SecretBox, row: Pick<BindingRow, 'credentialsCiphertext'>): SourceCredentials | null {
  return row.credentialsCiphertext ? (JSON.parse(secretBox.open(row.credentialsCiphertext)) as SourceCredentials) : null;
}

/** A binding as the API returns it: credentials masked, the trigger URL in full (it is the owner's to hand out). */
export function bindingView(row: BindingRow, options: { publicBaseUrl: string; secretBox: SecretBox }): BindingView {
  const { type, url, method, headers, body } = row.dataSource;
  return {
    uid: row.uid,
    name: row.name,
    templateId: row.templateId,
    dataSource: {
      type,
      url,
      method,
      ...(headers ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
      credentials: maskCredentials(openCredentials(options.secretBox, row)),
    },
    mapping: row.mapping,
    defaults: row.defaults,
    refreshPolicy: row.refreshPolicy,
    outputConfig: row.outputConfig,
    status: row.status,
    renderUrl: renderUrlOf(options.publicBaseUrl, row),
    webhookUrl: webhookUrlOf(options.publicBaseUrl, row, options.secretBox),
    lastRefreshAt: row.lastRefreshAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    nextRefreshAt: row.nextRefreshAt?.toISOString() ?? null,
    lastError:
      row.lastError && row.lastErrorAt
        ? { message: row.lastError, code: row.lastErrorCode ?? 'REFRESH_FAILED', at: row.lastErrorAt.toISOString() }
        : null,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
