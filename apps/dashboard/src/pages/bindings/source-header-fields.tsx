import { useState } from 'react';
import type { MaskedCredentials, SourceHeader } from '../../api/bindings';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';

/** The stored credentials in a few words: their value is a secret the API never sends back. */
export function credentialsText(credentials: MaskedCredentials | null): string {
  if (!credentials) return 'not set';
  if (credentials.headerName) return `${credentials.headerName}: set`;
  if (credentials.type === 'bearer_token') return 'Authorization (bearer token): set';
  if (credentials.type === 'basic_auth') return 'Authorization (basic auth): set';
  return 'set';
}

/**
 * An optional header the data source is fetched with (an API key, a token). Its value is write-only: the server
 * seals it and never shows it again. With `stored`, an empty value keeps the stored secret.
 */
export function useSourceHeader(stored: MaskedCredentials | null = null) {
  const initialName = stored?.headerName ?? '';
  const [headerName, setHeaderName] = useState(initialName);
  const [value, setValue] = useState('');
  const touched = headerName.trim() !== initialName || value !== '';
  /** What to send: null for none (create), undefined to keep the stored one (edit). */
  const header: SourceHeader | null | undefined = !touched ? (stored ? undefined : null) : { headerName: headerName.trim(), value };
  return { headerName, setHeaderName, value, setValue, header, stored };
}

export function SourceHeaderFields({
  source,
  error,
  disabled = false,
  onEdit,
}: {
  source: ReturnType<typeof useSourceHeader>;
  error: unknown;
  disabled?: boolean;
  /** Either field edited (a form forgets a refusal that was about the header as it was). */
  onEdit?: () => void;
}) {
  const stored = source.stored;
  return (
    <div className="flex flex-wrap items-start gap-3">
      <TextField
        label="Source header name (optional)"
        className="grow"
        autoComplete="off"
        spellCheck={false}
        placeholder="X-API-Key"
        disabled={disabled}
        value={source.headerName}
        onChange={(e) => {
          source.setHeaderName(e.target.value);
          onEdit?.();
        }}
        error={fieldError(error, 'dataSource.credentials.headerName')}
      />
      <TextField
        label="Source header value"
        className="grow"
        type="password"
        autoComplete="new-password"
        disabled={disabled}
        value={source.value}
        onChange={(e) => {
          source.setValue(e.target.value);
          onEdit?.();
        }}
        hint={
          stored
            ? `Now ${credentialsText(stored)}. Leave empty to keep it; the stored value is never shown.`
            : 'Not set. Stored sealed and never shown again.'
        }
        error={fieldError(error, 'dataSource.credentials.value')}
      />
    </div>
  );
}
