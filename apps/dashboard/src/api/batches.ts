import { api } from './client';

export interface BatchStart {
  batchId: string;
  status: string;
  totalItems: number;
  message: string;
}

export interface BatchResult {
  index: number;
  success: boolean;
  url: string | null;
  error: string | null;
  errorCode: string | null;
  layout?: string;
  /** The render of this item (its page: /renders/{imageId}); null when it failed before rendering. */
  imageId: string | null;
  /** The row's values as the batch rendered them. */
  variables: Record<string, unknown>;
}

export interface BatchResults {
  batchId: string;
  templateId: string;
  /** The template's name; null once the template was deleted. */
  templateName: string | null;
  createdAt: string;
  status: string;
  /** The format every item renders in, as the batch was started. */
  format: string;
  progress: number;
  totalItems: number;
  completedItems: number;
  failedItems: number;
  cancelledItems: number;
  results: BatchResult[];
}

export interface BatchProgress {
  total: number;
  completed: number;
  failed: number;
  cancelled: number;
  status: string;
}

/** One entry of GET /batches: a batch without its results. */
export interface BatchSummary {
  batchId: string;
  templateId: string;
  /** The template's name; null once the template was deleted. */
  templateName: string | null;
  status: string;
  totalItems: number;
  completedItems: number;
  failedItems: number;
  cancelledItems: number;
  createdAt: string;
  completedAt: string | null;
}

export const batchKeys = {
  recent: ['batches', 'recent'] as const,
  /** One batch's results, read at its start and again once it has finished (the page's title and its run share the first). */
  results: (id: string, finished: boolean) => ['batches', id, finished] as const,
};
/** A batch's own page (reloading it keeps the batch). */
export const batchPath = (id: string) => `/batches/${encodeURIComponent(id)}`;
export const listBatches = async () => (await api<{ batches: BatchSummary[] }>('/batches')).batches;

export const FINAL_STATUSES = ['completed', 'partial', 'failed', 'cancelled'];

export const startBatch = (uid: string, body: { variableSets: Record<string, unknown>[]; format: string; layouts?: string[] }) =>
  api<BatchStart>(`/templates/${encodeURIComponent(uid)}/batch-render`, { json: body });
export const batchResults = (id: string) => api<BatchResults>(`/templates/batch/${encodeURIComponent(id)}/results`);
/** A new batch of the failed items of a finished one, made by the API from the rows it keeps (every failed row). */
export const retryBatch = (id: string) =>
  api<BatchStart & { retryOf: string; failedRows: number }>(`/templates/batch/${encodeURIComponent(id)}/retry`, { method: 'POST' });
export const cancelBatch = (id: string) => api<unknown>(`/templates/batch/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
/** The ZIP of a batch's files; `nameBy` names each after that variable's value in its row (`0001-Jane-Doe.png`). */
export const batchArchiveUrl = (id: string, nameBy?: string) =>
  `/templates/batch/${encodeURIComponent(id)}/archive${nameBy ? `?name=${encodeURIComponent(nameBy)}` : ''}`;
export const batchEventsUrl = (id: string) => `/templates/batch/${encodeURIComponent(id)}/events`;
