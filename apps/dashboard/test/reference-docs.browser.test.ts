import type { Browser } from 'playwright-core';
import { startTestStack, type TestStack } from '../../../deploy/embedded/test/harness.js';
import { launchTestBrowser } from './browser.js';

describe('the API reference page at /docs, in a real browser', () => {
  let stack: TestStack;
  let browser: Browser;
  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { withImageService: false });
    browser = await launchTestBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.dispose();
  });

  it('lists the operations from /openapi.json, loads nothing from elsewhere, and tries an operation with a pasted key', async () => {
    const { key } = await stack.newAccount();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${stack.baseUrl}/docs`);
    // Swagger UI takes 3–5 s of CPU to lay out 125 operations on an idle machine (measured: trimming
    // the document's error responses, headers or examples saves under a second), and three times that
    // beside a second Jest worker's browser: the first wait is longer than the page's default.
    await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
    expect(await page.getByText('Loading the API reference…').count()).toBe(0);
    // From 150 tags and operations on, Swagger UI draws only those near the screen (a virtual list), so the page is
    // read down to its end: every operation of the document is listed on the way.
    const document = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as { paths: Record<string, object> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const listed = new Set<string>();
    for (let lastY = -1; ;) {
      for (const text of await page
        .locator('.opblock-summary')
        .evaluateAll((blocks) =>
          blocks.map(
            (b) =>
              `${b.querySelector('.opblock-summary-method')?.textContent} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
          ),
        ))
        listed.add(text);
      const y = await page.evaluate(() => (window.scrollBy(0, window.innerHeight * 0.5), window.scrollY));
      if (y === lastY) break;
      lastY = y;
      // The virtual list redraws on the frames after a scroll.
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    }
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((operation) => !listed.has(operation))).toEqual([]);
    expect(listed.has('POST /templates/{uid}/batch-render')).toBe(true);
    // The filter keeps one tag: its operations are all drawn, and one can be tried.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByPlaceholder('Filter by tag or path').fill('PDFs');

    // Authorize with the pasted key, then try GET /pdf/presets from the page.
    await page.locator('.auth-wrapper .authorize').click();
    await page.locator('.modal-ux input[type=text], .modal-ux input[type=password]').first().fill(key);
    await page.locator('.modal-ux .modal-btn.auth.authorize').first().click();
    await page.locator('.modal-ux .btn-done').first().click();
    const operation = page.locator('#operations-PDFs-listPdfPresets');
    await operation.locator('.opblock-summary-control').click();
    await operation.locator('.try-out__btn').click();
    await operation.locator('.execute').click();
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    expect(await operation.locator('.live-responses-table .microlight').first().textContent()).toContain('"A4"');

    expect([...origins]).toEqual([stack.baseUrl]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says it is loading until the operations show, and says why when the document cannot be had', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.route('**/openapi.json', (route) => route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{}' }));
    const answer = await page.goto(`${stack.baseUrl}/docs`);
    expect(await answer?.text()).toContain('Loading the API reference…');
    await page.getByRole('status').getByText('The API reference could not be loaded: GET /openapi.json answered HTTP 503').waitFor();
    await context.close();
  });
});
