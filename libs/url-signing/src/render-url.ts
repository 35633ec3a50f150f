import { signRenderUrl, type SignOptions } from './url-signature.js';

/** What a render URL says: where, which template and format, and the render's own parameters. */
export interface RenderUrlParts {
  /** The instance's public address, with any base path it is served under (`https://img.example/pressroom`). */
  baseUrl: string;
  templateUid: string;
  /** `png`, `jpeg`, `jpg` or `webp`. */
  extension: string;
  /** Template variables as the URL carries them: text. None may be named like a render parameter (`token`, `layout`, `s`…). */
  variables?: Record<string, string> | undefined;
  layout?: string | undefined;
  quality?: number | undefined;
}

/** `<baseUrl>/r/<uid>.<ext>?<variables>&layout=…&quality=…`, unsigned. */
export function renderUrlOf(parts: RenderUrlParts): string {
  const url = new URL(`${parts.baseUrl.replace(/\/+$/, '')}/r/${encodeURIComponent(parts.templateUid)}.${parts.extension}`);
  for (const [name, value] of Object.entries(parts.variables ?? {})) url.searchParams.append(name, value);
  if (parts.layout !== undefined) url.searchParams.set('layout', parts.layout);
  if (parts.quality !== undefined) url.searchParams.set('quality', String(parts.quality));
  return url.toString();
}

/**
 * The render URL signed with a secret. The base path in front of `/r/` is not signed (docs/signed-urls.md),
 * so the link verifies whatever prefix a proxy strips before the gateway.
 */
export function signedRenderUrlOf(parts: RenderUrlParts & SignOptions): string {
  const pathPrefix = new URL(parts.baseUrl).pathname.replace(/\/+$/, '');
  return signRenderUrl(renderUrlOf(parts), { secretId: parts.secretId, secret: parts.secret, expiresAt: parts.expiresAt, pathPrefix });
}
