import type { HTTPRequest, Page } from 'puppeteer-core';
import { BlockedUrlError, UnresolvableHostError, type SsrfGuard } from '@pressroom/ssrf';
import { isLocalUrl, setRequestFilter } from './request-filter.js';
import { slotOf } from './page-slot.js';

export interface PageGuard {
  /** The first main-frame navigation (document or one of its redirects) that the guard refused. */
  readonly blockedNavigation: BlockedUrlError | null;
  /** The first main-frame navigation whose host did not resolve. */
  readonly unresolvedNavigation: UnresolvableHostError | null;
  /** Every URL refused during the job (sub-resources included), for logs and tests. */
  readonly blockedUrls: readonly string[];
  /** Origins the page actually contacted: their cookies and storage are wiped after the job. */
  readonly contactedOrigins: ReadonlySet<string>;
  /** Detaches the guard (the page falls back to "no network") and hands contacted origins to the pool for wiping. */
  release(): void;
}

/**
 * Routes every request of `page` (main document, redirects, sub-resources,
 * iframes) through `guard.check` for the duration of one job.
 */
export function guardPage(page: Page, guard: SsrfGuard): PageGuard {
  // One DNS check per scheme+host per job: the verdict depends on nothing else.
  const verdicts = new Map<string, Promise<void>>();
  const state = {
    blockedNavigation: null as BlockedUrlError | null,
    unresolvedNavigation: null as UnresolvableHostError | null,
    blockedUrls: [] as string[],
    contactedOrigins: new Set<string>(),
  };

  const isMainFrameNavigation = (request: HTTPRequest): boolean => request.isNavigationRequest() && request.frame() === page.mainFrame();

  const check = (url: string): Promise<void> => {
    let key: string;
    try {
      const parsed = new URL(url);
      key = `${parsed.protocol}//${parsed.host}`;
    } catch {
      return guard.check(url);
    }
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = guard.check(url);
      verdicts.set(key, verdict);
    }
    return verdict;
  };

  setRequestFilter(page, async (request) => {
    const url = request.url();
    if (isLocalUrl(url)) {
      await request.continue();
      return;
    }
    try {
      await check(url);
    } catch (error) {
      if (error instanceof UnresolvableHostError) {
        if (isMainFrameNavigation(request)) state.unresolvedNavigation ??= new UnresolvableHostError(url, error.host, error.cause);
        await request.abort('namenotresolved');
        return;
      }
      // The cached verdict names the first URL of this host; report the URL this request asked for.
      const blocked = error instanceof BlockedUrlError ? error.forUrl(url) : new BlockedUrlError(url, 'could not be checked');
      state.blockedUrls.push(url);
      if (isMainFrameNavigation(request)) state.blockedNavigation ??= blocked;
      await request.abort('blockedbyclient');
      return;
    }
    state.contactedOrigins.add(new URL(url).origin);
    await request.continue();
  });

  return {
    get blockedNavigation() {
      return state.blockedNavigation;
    },
    get unresolvedNavigation() {
      return state.unresolvedNavigation;
    },
    blockedUrls: state.blockedUrls,
    contactedOrigins: state.contactedOrigins,
    release() {
      setRequestFilter(page, null);
      slotOf(page)?.markContacted(state.contactedOrigins);
    },
  };
}
