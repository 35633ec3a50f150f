/** Longest URL echoed in a public sentence: data: URLs and long queries would drown the message. */
const SHOWN_URL_MAX = 200;

/**
 * A URL as a public sentence shows it: `user:password@` replaced by `***@` (a credential, never echoed into an
 * answer, the refused-requests log or a render's error) and cut at SHOWN_URL_MAX characters.
 */
export function shortenUrl(url: string): string {
  const shown = withoutCredentials(url);
  return shown.length <= SHOWN_URL_MAX ? shown : `${shown.slice(0, SHOWN_URL_MAX)}…`;
}

/** A URL with its `user:password@` as `***@`: how a URL carrying a credential is shown anywhere, logs included. */
function withoutCredentials(url: string): string {
  if (!url.includes('@') || !URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return url;
  parsed.username = '***';
  parsed.password = '';
  return parsed.toString();
}

/**
 * Free text (a browser's or a library's error message) with every URL's `user:password@` as `***@`: such a
 * message names the URL as the browser saw it, which need not be the caller's string, so it is masked by shape.
 */
export function withoutUrlCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi, '$1***@');
}

/**
 * The setting that admits hosts the policy refuses (libs/config `commonEnv`; docs/configuration.md).
 * Named here rather than imported: the guard takes its policy as plain values and depends on no config.
 */
export const ALLOW_PRIVATE_HOSTS_SETTING = 'PRESSROOM_ALLOW_PRIVATE_HOSTS';

/**
 * Ends the detail of a refusal the operator can lift. A self-hoster whose receiver, data source or
 * page runs on their own network otherwise learns only that it is blocked, not what to change.
 */
export const ALLOW_PRIVATE_HOSTS_HINT = `To allow it on a self-hosted instance, add the host or its address to ${ALLOW_PRIVATE_HOSTS_SETTING}.`;

export interface BlockedUrlOptions {
  /** The host is on the operator's own networks (localhost, loopback, private ranges): the detail names the allow-list setting. */
  privateHost?: boolean;
}

/**
 * A URL the service refuses to fetch. `reason` is a public sentence fragment
 * ("resolves to a loopback address 127.0.0.1"), `detail` the full public
 * sentence for a problem response (the one place it is made; a private-host
 * refusal ends with ALLOW_PRIVATE_HOSTS_HINT); `message` is for logs.
 */
export class BlockedUrlError extends Error {
  readonly slug = 'blocked-url' as const;
  readonly url: string;
  readonly reason: string;
  readonly privateHost: boolean;
  readonly detail: string;

  constructor(url: string, reason: string, options: BlockedUrlOptions = {}) {
    // Logs keep the whole URL but never its credential.
    super(`blocked url ${withoutCredentials(url)}: ${reason}`);
    this.name = 'BlockedUrlError';
    this.url = url;
    this.reason = reason;
    this.privateHost = options.privateHost ?? false;
    const sentence = `The URL ${shortenUrl(url)} ${reason} and is blocked.`;
    this.detail = this.privateHost ? `${sentence} ${ALLOW_PRIVATE_HOSTS_HINT}` : sentence;
  }

  /** The same refusal reported for another URL (a cached verdict about a host, met again by a later request to it). */
  forUrl(url: string): BlockedUrlError {
    return new BlockedUrlError(url, this.reason, { privateHost: this.privateHost });
  }
}

/** The host name of a URL does not resolve; not a policy decision, so not a BlockedUrlError. */
export class UnresolvableHostError extends Error {
  readonly url: string;
  readonly host: string;
  readonly detail: string;

  constructor(url: string, host: string, cause: unknown) {
    super(`cannot resolve ${host} for ${withoutCredentials(url)}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'UnresolvableHostError';
    this.url = url;
    this.host = host;
    this.detail = `The host ${host} of ${shortenUrl(url)} could not be resolved.`;
  }
}
