import { api } from './client';

export interface Binding {
  uid: string;
  name: string;
  templateId: string;
  dataSource: { url: string; method: string };
  mapping: Record<string, string>;
  status: 'active' | 'paused' | 'error';
  renderUrl: string;
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

export const bindingKeys = { all: ['bindings'] as const, test: (uid: string) => ['bindings', uid, 'test'] as const };

export const listBindings = async () => (await api<{ bindings: Binding[] }>('/bindings')).bindings;
export const createBinding = (body: { name: string; templateId: string; dataSource: { url: string }; mapping: Record<string, string> }) =>
  api<{ binding: Binding }>('/bindings', { json: body });
export const testSource = (url: string) => api<SourceTest>('/bindings/test-source', { json: { dataSource: { url } } });
export const bindingAction = (uid: string, action: 'refresh' | 'pause' | 'resume') =>
  api<unknown>(`/bindings/${encodeURIComponent(uid)}/${action}`, { method: 'POST' });
export const deleteBinding = (uid: string) => api<unknown>(`/bindings/${encodeURIComponent(uid)}`, { method: 'DELETE' });
export const testBinding = (uid: string) => api<BindingTest>(`/bindings/${encodeURIComponent(uid)}/test`, { method: 'POST' });
export const updateBindingMapping = (uid: string, mapping: Record<string, string>) =>
  api<{ binding: Binding }>(`/bindings/${encodeURIComponent(uid)}`, { method: 'PUT', json: { mapping } });
