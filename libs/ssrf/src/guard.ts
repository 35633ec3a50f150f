import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockedUrlError, UnresolvableHostError } from './blocked-url-error.js';
import { canonicalAddress, classifyAddress, parseAddress } from './address-classification.js';
import { normaliseHostname, parseAllowList } from './allow-list.js';
import { blockedHostName } from './blocked-host-names.js';
import { guardedFetch, guardedStream, type GuardedFetchInit, type GuardedResponse, type GuardedStreamResponse } from './guarded-fetch.js';

export interface SsrfPolicy {
  /** Host names (exact) and addresses/CIDRs from PRESSROOM_ALLOW_PRIVATE_HOSTS. */
  allowPrivateHosts: string[];
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SsrfGuardOptions {
  /** Replaces DNS (tests, or a resolver of the caller's choice). Must return every address of the name. */
  lookup?: HostLookup;
}

/** A URL that passed the policy, with the addresses it was checked against (connect to these, not to a new lookup). */
export interface CheckedUrl {
  url: URL;
  /** Empty when the host is an IP literal. */
  addresses: ResolvedAddress[];
}

export interface SsrfGuard {
  /** Throws BlockedUrlError (policy) or UnresolvableHostError (DNS failure). */
  check(url: string): Promise<void>;
  /** Like check, and returns the addresses that were approved. */
  resolve(url: string): Promise<CheckedUrl>;
  /** Addresses only: true when the policy refuses to connect to `ip` (allow-list included). */
  isBlockedAddress(ip: string): boolean;
  /** HTTP(S) fetch that checks every redirect hop and connects only to checked addresses. */
  fetch(url: string, init?: GuardedFetchInit): Promise<GuardedResponse>;
  /** The same request with the body as a stream, capped at `maxBytes` while it flows (large downloads: never buffered). */
  stream(url: string, init?: GuardedFetchInit): Promise<GuardedStreamResponse>;
}

const defaultLookup: HostLookup = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export function createSsrfGuard(policy: SsrfPolicy, options: SsrfGuardOptions = {}): SsrfGuard {
  const allowList = parseAllowList(policy.allowPrivateHosts);
  const lookup = options.lookup ?? defaultLookup;

  /** Public phrase for a refused address (and whether it is on the operator's own networks), or null when it may be contacted. */
  function addressProblem(ip: string): { phrase: string; privateHost: boolean } | null {
    const parsed = parseAddress(ip);
    if (!parsed) return { phrase: `is not an IP address (${ip})`, privateHost: false };
    if (allowList.allowsAddress(parsed)) return null;
    const verdict = classifyAddress(parsed);
    return verdict.blocked
      ? { phrase: `${verdict.kind} ${canonicalAddress(parsed).toString()}`, privateHost: verdict.privateNetwork }
      : null;
  }

  async function resolve(rawUrl: string): Promise<CheckedUrl> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new BlockedUrlError(rawUrl, 'is not a valid absolute URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new BlockedUrlError(rawUrl, `uses the ${url.protocol} scheme (only http: and https: are allowed)`);
    }
    const hostname = normaliseHostname(url.hostname);
    if (allowList.allowsHost(hostname)) {
      return { url, addresses: parseAddress(hostname) ? [] : await lookupAll(rawUrl, hostname) };
    }
    if (parseAddress(hostname)) {
      const problem = addressProblem(hostname);
      if (problem) throw new BlockedUrlError(rawUrl, `points to ${problem.phrase}`, { privateHost: problem.privateHost });
      return { url, addresses: [] };
    }
    const blockedName = blockedHostName(hostname);
    if (blockedName) throw new BlockedUrlError(rawUrl, blockedName.reason, { privateHost: blockedName.privateHost });
    const addresses = await lookupAll(rawUrl, hostname);
    for (const { address } of addresses) {
      const problem = addressProblem(address);
      if (problem) throw new BlockedUrlError(rawUrl, `resolves to ${problem.phrase}`, { privateHost: problem.privateHost });
    }
    return { url, addresses };
  }

  async function lookupAll(rawUrl: string, hostname: string): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await lookup(hostname);
    } catch (error) {
      throw new UnresolvableHostError(rawUrl, hostname, error);
    }
    if (addresses.length === 0) throw new UnresolvableHostError(rawUrl, hostname, new Error('no addresses'));
    return addresses;
  }

  const guard: SsrfGuard = {
    async check(url) {
      await resolve(url);
    },
    resolve,
    isBlockedAddress: (ip) => addressProblem(ip) !== null,
    fetch: (url, init) => guardedFetch(guard, url, init),
    stream: (url, init) => guardedStream(guard, url, init),
  };
  return guard;
}
