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
    expect(await page.locator('.opblock').count()).toBeGreaterThan(60);
    expect(await page.getByText('Loading the API reference…').count()).toBe(0);
    await expect(page.locator('.opblock-summary-path', { hasText: '/templates/{uid}/batch-render' }).count()).resolves.toBe(1);

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
