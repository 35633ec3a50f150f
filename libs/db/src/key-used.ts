import { maskApiKey } from './api-key-format.js';
import { apiKeys } from './schema.js';

/** The api_keys columns a log joins (left join on its key id) to name the key a request came with. */
export const keyUsedColumns = { keyLabel: apiKeys.label, keyPrefix: apiKeys.prefix, keyLast4: apiKeys.last4 };

export interface KeyUsedView {
  id: string;
  name: string | null;
  masked: string;
}

/**
 * The key a logged request came with, by name and masked; null for the dashboard session. A revoked key keeps its
 * row; a key deleted with its account leaves its id only, which then stands for the masked form.
 */
export function keyUsedView(
  keyId: string | null,
  joined: { keyLabel: string | null; keyPrefix: string | null; keyLast4: string | null },
): KeyUsedView | null {
  if (keyId === null) return null;
  const { keyLabel, keyPrefix, keyLast4 } = joined;
  return {
    id: keyId,
    name: keyLabel,
    masked: keyPrefix !== null && keyLast4 !== null ? maskApiKey({ prefix: keyPrefix, last4: keyLast4 }) : keyId,
  };
}
