import type { completeRender, NewRender } from '../index.js';
import { unique } from './engines.js';

/** A render row as the gateway inserts it for HTML (a 10×10 PNG of `ownerId`, its own account); `overrides` change any field. */
export function renderRow(ownerId: string, overrides: Partial<NewRender> = {}): NewRender {
  return {
    id: unique('img'),
    ownerId,
    accountId: ownerId,
    kind: 'image',
    origin: 'html',
    templateId: null,
    format: 'png',
    width: 10,
    height: 10,
    ...overrides,
  };
}

/** What a renderer reports for a finished render of `renderRow`'s size (its file's fields, finished now). */
export function completion(id: string): Parameters<typeof completeRender>[1] {
  return { id, url: 'u', storageKey: 'k', contentType: 'image/png', width: 10, height: 10, completedAt: new Date() };
}
