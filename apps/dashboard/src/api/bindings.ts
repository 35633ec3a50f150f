import type { RefreshPolicyType } from '@pressroom/contracts/constants';
import { api } from './client';

export { BINDING_TTL, REFRESH_POLICY_TYPES, type RefreshPolicyType } from '@pressroom/contracts/constants';

/** Source credentials as the API shows them: the secret masked (it is sealed at rest and never sent back). */
export interface MaskedCredentials {
  type: 'api_key' | 'bearer_token' | 'basic_auth' | 'custom_header';
  headerName?: string;
  username?: string;
  value: string;
}

/** A header the data source is fetched with, its value a secret (sent as `custom_header` credentials). */
export interface SourceHeader {
  headerName: string;
  /** Left out when empty: the API then says beside the field that the header needs one. */
  value?: string | undefined;
}

export interface RefreshPolicy {
  type: RefreshPolicyType;
  ttlSeconds: number;
  onError: 'serve_stale' | 'serve_error';
}

export interface Binding {
  uid: string;
  name: string;
  templateId: string;
  dataSource: { url: string; method: string; headers?: Record<string, string>; body?: unknown; credentials: MaskedCredentials | null };
  mapping: Record<string, string>;
  refreshPolicy: RefreshPolicy;
  status: 'active' | 'paused' | 'error';
  renderUrl: string;
  /** The secret trigger URL (a POST refreshes); policy `webhook` relies on it. */
  webhookUrl: string;
  lastRefreshAt: string | null;
  lastSuccessAt: string | null;
  nextRefreshAt: string | null;
  lastError: { message: string; code: string; at: string } | null;
}

export interface SourceTest {
  ok: true;
  status: number;
  bytes: number;
  paths: { path: string; type: string; sample: unknown }[];
  truncated: boolean;
  data: unknown;
}

/** POST /bindings/{uid}/test: the binding's own source fetched now, and what its mapping gives. */
export interface BindingTest extends SourceTest {
  mapping: { ok: true; variables: Record<string, unknown> } | { ok: false; error: string; missing: string[] };
}

export const bindingKeys = {
  all: ['bindings'] as const,
  test: (uid: string) => ['bindings', uid, 'test'] as const,
  /** A picker's page of the list (the first, or a search's). */
  page: (query: BindingPageQuery) => ['bindings', 'page', query] as const,
  /** One binding read by id (a saved filter naming it). */
  one: (uid: string) => ['bindings', 'one', uid] as const,
};

export const listBindings = async () => (await api<{ bindings: Binding[] }>('/bindings')).bindings;

export interface BindingPageQuery {
  limit?: number;
  /** Only the bindings whose name contains this, in any case (the API's `search`). */
  search?: string;
}

/** One page of the workspace's bindings, newest first, and how many there are (of the search's matches) in all. */
export const listBindingPage = (query: BindingPageQuery) =>
  api<{ bindings: Binding[]; pagination: { total: number } }>('/bindings', { query: { ...query } });

export const getBinding = async (uid: string) => (await api<{ binding: Binding }>(`/bindings/${encodeURIComponent(uid)}`)).binding;
/** A secret header as the API's credentials. */
const credentialsOf = (header: SourceHeader) => ({
  type: 'custom_header' as const,
  headerName: header.headerName,
  value: header.value || undefined,
});
/** A data source as the create form sends it: the URL, and a secret header when one is given. */
const dataSourceOf = (url: string, header: SourceHeader | null) => ({ url, ...(header ? { credentials: credentialsOf(header) } : {}) });

/** `ttlSeconds` is left out for policies that do not use it (the API's default), and sent as typed otherwise, for the API to judge. */
export interface RefreshPolicyInput {
  type: RefreshPolicyType;
  ttlSeconds?: number | null;
  onError?: RefreshPolicy['onError'];
}

export const createBinding = (body: {
  name: string;
  templateId: string;
  url: string;
  header: SourceHeader | null;
  mapping: Record<string, string>;
  refreshPolicy: RefreshPolicyInput;
}) =>
  api<{ binding: Binding }>('/bindings', {
    json: {
      name: body.name,
      templateId: body.templateId,
      dataSource: dataSourceOf(body.url, body.header),
      mapping: body.mapping,
      refreshPolicy: body.refreshPolicy,
    },
  });
export const testSource = (url: string, header: SourceHeader | null = null) =>
  api<SourceTest>('/bindings/test-source', { json: { dataSource: dataSourceOf(url, header) } });
export const bindingAction = (uid: string, action: 'pause' | 'resume') =>
  api<unknown>(`/bindings/${encodeURIComponent(uid)}/${action}`, { method: 'POST' });
/** POST /bindings/{uid}/refresh: 202, the binding made due; the scheduler refreshes it next and writes the outcome on it. */
export const refreshBinding = (uid: string) =>
  api<{ message: string; binding: Binding }>(`/bindings/${encodeURIComponent(uid)}/refresh`, { method: 'POST' });
export const deleteBinding = (uid: string) => api<unknown>(`/bindings/${encodeURIComponent(uid)}`, { method: 'DELETE' });
export const testBinding = (uid: string) => api<BindingTest>(`/bindings/${encodeURIComponent(uid)}/test`, { method: 'POST' });
export const updateBindingMapping = (uid: string, mapping: Record<string, string>) =>
  api<{ binding: Binding }>(`/bindings/${encodeURIComponent(uid)}`, { method: 'PUT', json: { mapping } });

/** What the settings dialog changes: the refresh policy always; the rest only when given (each as `change` says). */
export interface BindingSettingsChange {
  refreshPolicy: RefreshPolicyInput;
  name?: string | undefined;
  templateId?: string | undefined;
  /** A new mapping (variables unmapped in the dialog), or undefined to keep it. */
  mapping?: Record<string, string> | undefined;
  /** A new data source URL; the stored credentials stay unless `header` says otherwise. */
  url?: string | undefined;
  /** A header to set (`SourceHeader`), `null` to remove the stored credentials, undefined to keep them. */
  header?: SourceHeader | null | undefined;
}

/**
 * PUT /bindings/{uid} with what `change` gives. The data source is sent only when its URL or its header changes,
 * and then without `credentials` when the header is kept: the API keeps the stored secret it never sends back.
 */
export function updateBindingSettings(binding: Binding, change: BindingSettingsChange) {
  const { url, method, headers, body } = binding.dataSource;
  const sourceChanged = change.url !== undefined || change.header !== undefined;
  return api<{ binding: Binding }>(`/bindings/${encodeURIComponent(binding.uid)}`, {
    method: 'PUT',
    json: {
      refreshPolicy: change.refreshPolicy,
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.templateId !== undefined ? { templateId: change.templateId } : {}),
      ...(change.mapping !== undefined ? { mapping: change.mapping } : {}),
      ...(sourceChanged
        ? {
            // A PUT replaces the whole data source: the rest of it goes back as stored.
            dataSource: {
              url: change.url ?? url,
              method,
              ...(headers ? { headers } : {}),
              ...(body !== undefined ? { body } : {}),
              ...(change.header !== undefined ? { credentials: change.header && credentialsOf(change.header) } : {}),
            },
          }
        : {}),
    },
  });
}
