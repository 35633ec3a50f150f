import type { MaskedCredentials, SourceCredentials } from '@pressroom/contracts';

/** The request headers that carry a data source's credentials. */
export function credentialHeaders(credentials: SourceCredentials | null | undefined): Record<string, string> {
  if (!credentials) return {};
  switch (credentials.type) {
    case 'bearer_token':
      return { authorization: `Bearer ${credentials.value ?? ''}` };
    case 'api_key':
      return { [credentials.headerName ?? 'X-API-Key']: credentials.value ?? '' };
    case 'custom_header':
      return { [credentials.headerName ?? 'X-API-Key']: credentials.value ?? '' };
    case 'basic_auth': {
      const pair = credentials.username !== undefined ? `${credentials.username}:${credentials.password ?? ''}` : (credentials.value ?? '');
      return { authorization: `Basic ${Buffer.from(pair, 'utf8').toString('base64')}` };
    }
  }
}

function mask(secret: string): string {
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••';
}

/** What responses show: the type and the non-secret parts; the secret masked (last 4 characters of long ones). */
export function maskCredentials(credentials: SourceCredentials | null | undefined): MaskedCredentials | null {
  if (!credentials) return null;
  const masked: MaskedCredentials = { type: credentials.type, value: '' };
  if (credentials.headerName !== undefined) masked.headerName = credentials.headerName;
  if (credentials.type === 'basic_auth') {
    const [user, ...rest] =
      credentials.username !== undefined ? [credentials.username, credentials.password ?? ''] : (credentials.value ?? '').split(':');
    masked.username = user ?? '';
    masked.value = mask(rest.join(':'));
  } else {
    masked.value = mask(credentials.value ?? '');
  }
  return masked;
}
