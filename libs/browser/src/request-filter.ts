import type { HTTPRequest, Page } from 'puppeteer-core';

/** Decides one intercepted request: must call request.continue() or request.abort() exactly once. */
export type RequestFilter = (request: HTTPRequest) => Promise<void>;

const filters = new WeakMap<Page, RequestFilter>();

/** URLs that never leave the renderer: a page's own inline resources and the parking page. */
export function isLocalUrl(url: string): boolean {
  return url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:');
}

/** With no job attached, a pooled page may not reach the network at all. */
const denyNetwork: RequestFilter = async (request) => {
  if (isLocalUrl(request.url())) await request.continue();
  else await request.abort('blockedbyclient');
};

/** Turns interception on once per pooled page; jobs swap the filter with setRequestFilter. */
export async function installRequestFilter(page: Page): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const filter = filters.get(page) ?? denyNetwork;
    filter(request).catch(() => {
      // A request left undecided would hang the page: abort it (fails harmlessly if it was already decided).
      request.abort('failed').catch(() => undefined);
    });
  });
}

export function setRequestFilter(page: Page, filter: RequestFilter | null): void {
  if (filter) filters.set(page, filter);
  else filters.delete(page);
}
