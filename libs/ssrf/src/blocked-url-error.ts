/** Longest URL echoed in a public sentence: data: URLs and long queries would drown the message. */
const SHOWN_URL_MAX = 200;

export function shortenUrl(url: string): string {
  return url.length <= SHOWN_URL_MAX ? url : `${url.slice(0, SHOWN_URL_MAX)}…`;
}

/**
 * A URL the service refuses to fetch. `reason` is a public sentence fragment
 * ("resolves to a loopback address 127.0.0.1"), `detail` the full public
 * sentence for a problem response; `message` is for logs.
 */
export class BlockedUrlError extends Error {
  readonly slug = 'blocked-url' as const;
  readonly url: string;
  readonly reason: string;
  readonly detail: string;

  constructor(url: string, reason: string) {
    super(`blocked url ${url}: ${reason}`);
    this.name = 'BlockedUrlError';
    this.url = url;
    this.reason = reason;
    this.detail = `The URL ${shortenUrl(url)} ${reason} and is blocked.`;
  }
}

/** The host name of a URL does not resolve; not a policy decision, so not a BlockedUrlError. */
export class UnresolvableHostError extends Error {
  readonly url: string;
  readonly host: string;
  readonly detail: string;

  constructor(url: string, host: string, cause: unknown) {
    super(`cannot resolve ${host} for ${url}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'UnresolvableHostError';
    this.url = url;
    this.host = host;
    this.detail = `The host ${host} of ${shortenUrl(url)} could not be resolved.`;
  }
}
