import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { findAccountByName } from '@pressroom/db';
import {
  accessibilityViolations,
  DESKTOP,
  eventually,
  focusedName,
  PHONE,
  sessionRequest,
  startSignedInRig,
  type DashboardRig,
} from './browser.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;

/** Three certificates' rows, with a comma, quotes and a quoted comma that must survive the trip to the PDF and back. */
const ROWS = 'name,course\n"Lovelace, Ada",Analytical engines\nGrace Hopper,"Compilers, ""COBOL"""\nAlan Turing,Computability\n';

beforeAll(async () => {
  ({ rig, context, page, close } = await startSignedInRig({ email: 'certificates@example.com', plan: 'business' }));
  const res = await sessionRequest(context, rig.stack.baseUrl, {
    method: 'POST',
    path: '/templates',
    data: {
      name: 'Course certificate',
      // One A4 page per row: no body margin, nothing taller than the paper.
      html: '<body style="margin:0;font-family:sans-serif"><h1 style="color:{{ accent }}">Certificate for {{ name }}</h1><p>Course: {{ course }}</p></body>',
      width: 800,
      height: 600,
      variableDefinitions: [{ name: 'accent', type: 'color', defaultValue: '#1d4ed8' }],
    },
  });
  expect(res.ok()).toBe(true);
}, 180_000);

afterAll(async () => {
  await close?.();
});

/** The PDF at `href` (the render page's Download): the text of each page, and the first page's size in points. */
async function pdfAt(href: string): Promise<{ pages: string[]; size: string }> {
  const res = await context.request.get(href.startsWith('http') ? href : `${rig.stack.baseUrl}${href}`);
  expect(res.status()).toBe(200);
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-batch-pdf-'));
  try {
    const file = join(dir, 'rows.pdf');
    await writeFile(file, await res.body());
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const count = Number(/^Pages:\s+(\d+)$/m.exec(info)![1]);
    const pages = Array.from({ length: count }, (_, i) =>
      execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }),
    );
    return { pages, size: /^Page size:\s+(\S+ x \S+) pts/m.exec(info)![1]! };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('pasted rows made into one PDF, a page per row, opened on its render page; Render again brings the rows back', async () => {
  await page.goto(rig.url('batches'));
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Course certificate' });
  const rowsBox = page.getByRole('textbox', { name: /^Rows/ });
  await rowsBox.fill(ROWS);
  await page.getByText('Detected columns: name, course · 3 rows').waitFor();
  // Images first: the format is offered; a PDF has no format or sizes to choose, its paper instead.
  await page.getByRole('combobox', { name: 'Format' }).waitFor();
  await page.getByRole('radio', { name: 'One PDF, a page per row' }).check();
  await page.getByRole('combobox', { name: 'Paper' }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Format' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Start batch' }).count()).toBe(0);
  await page.getByText('One PDF takes up to 100 rows, a page each', { exact: false }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Paper' }).locator('option:checked').textContent()).toBe('Template’s paper (A4)');
  // Another paper, turned: every page is printed on it.
  await page.getByRole('combobox', { name: 'Paper' }).selectOption('Letter');
  await page.getByRole('combobox', { name: 'Orientation' }).selectOption('landscape');
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Make PDF' }).click();
  await page.waitForURL(/\/renders\/pdf_\w+$/, { timeout: 90_000 });
  await page.getByRole('heading', { name: /^Render pdf_/ }).waitFor({ timeout: 30_000 });
  const download = page.getByRole('link', { name: 'Download' });
  await download.waitFor({ timeout: 30_000 });
  const { pages, size } = await pdfAt((await download.getAttribute('href'))!);
  expect(size).toBe('792 x 612');
  expect(pages).toHaveLength(3);
  expect(pages[0]).toContain('Certificate for Lovelace, Ada');
  expect(pages[0]).toContain('Course: Analytical engines');
  expect(pages[1]).toContain('Certificate for Grace Hopper');
  expect(pages[1]).toContain('Course: Compilers, "COBOL"');
  expect(pages[2]).toContain('Certificate for Alan Turing');
  expect(pages[2]).toContain('Course: Computability');

  // Render again: the Batches page with the template, One PDF, and the three rows in the box (the header in the template's order).
  await page.getByText('Opens Batches with this template, One PDF chosen and the 3 rows this PDF was made of', { exact: false }).waitFor();
  await page.getByRole('link', { name: 'Render again' }).click();
  await page.waitForURL(/\/batches$/);
  await eventually(async () => (await rowsBox.inputValue()) === ROWS, 'the rows box to hold the PDF’s rows');
  expect(await page.getByRole('combobox', { name: 'Template' }).locator('option:checked').textContent()).toBe('Course certificate');
  expect(await page.getByRole('radio', { name: 'One PDF, a page per row' }).isChecked()).toBe(true);
  await page.getByText('Detected columns: name, course · 3 rows').waitFor();
  await page.getByRole('button', { name: 'Make PDF' }).waitFor();
}, 240_000);

test('a value the API refuses is said under the rows, by row and variable, and nothing is made', async () => {
  await page.goto(rig.url('batches'));
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Course certificate' });
  const rowsBox = page.getByRole('textbox', { name: /^Rows/ });
  await rowsBox.fill('name,accent\nAda,#ff0000\nGrace,not a colour\n');
  await page.getByText('1 of 2 rows would fail; the others render.').waitFor();
  await page.getByRole('radio', { name: 'One PDF, a page per row' }).check();
  await page.getByRole('button', { name: 'Make PDF' }).click();
  const refused = page.getByRole('list', { name: 'Refused rows' });
  await refused.waitFor({ timeout: 60_000 });
  expect(await refused.textContent()).toMatch(/^Row 2, accent:\s*Must be a CSS colour/);
  expect(await rowsBox.getAttribute('aria-invalid')).toBe('true');
  // Focus goes to the rows, where the value is fixed.
  await eventually(async () => /^Rows/.test(await focusedName(page)), 'focus on the rows box');
  // The form's banner does not repeat it: it points to the highlighted field.
  expect(await page.getByRole('alert').filter({ hasText: 'Must be a CSS colour' }).count()).toBe(0);
  expect(page.url()).toMatch(/\/batches$/);
  expect(await accessibilityViolations(page)).toEqual([]);
}, 120_000);

test('a PDF template makes only one PDF; a PDF whose rows were too large to keep opens Batches with its template alone, and says so', async () => {
  const post = async (path: string, data: unknown) => {
    const res = await sessionRequest(context, rig.stack.baseUrl, { method: 'POST', path, data });
    expect(res.ok()).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
  const { template } = (await post('/templates', {
    name: 'Invoice',
    html: '<body style="margin:0"><h1>Invoice {{ number }}</h1></body>',
    width: 800,
    height: 600,
    outputFormat: 'pdf',
  })) as { template: { uid: string } };
  await page.goto(rig.url('batches'));
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Invoice' });
  await page.getByRole('radio', { name: /^One image per row \(ZIP\): not for a PDF template$/ }).waitFor();
  expect(await page.getByRole('radio', { name: /^One image per row/ }).isDisabled()).toBe(true);
  expect(await page.getByRole('radio', { name: 'One PDF, a page per row' }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Make PDF' }).waitFor();
  // The output choice and the paper fit a phone: no sideways scrolling.
  await page.getByRole('combobox', { name: 'Paper' }).selectOption('Letter');
  await page.getByRole('combobox', { name: 'Orientation' }).waitFor();
  await page.setViewportSize(PHONE);
  await eventually(
    () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    'the page to fit 390 px',
  );
  await page.setViewportSize(DESKTOP);

  // Two sets of 9,000 characters each: over the 16 KiB a render keeps, so only their count is kept.
  const big = (c: string) => ({ number: c.repeat(9_000) });
  const { id } = (await post('/pdf/multi-page', { templateUid: template.uid, variableSets: [big('x'), big('y')] })) as { id: string };
  // Printed within the API's wait, or (a loaded machine) a 202: the render page offers its next step once it is done.
  await eventually(async () => {
    const res = await sessionRequest(context, rig.stack.baseUrl, { method: 'GET', path: `/renders/${id}` });
    return ((await res.json()) as { render: { status: string } }).render.status === 'done';
  }, 'the PDF to be printed');
  await page.goto(rig.url(`renders/${id}`));
  await page.getByText('The rows of this PDF were not kept (too large to keep)', { exact: false }).waitFor({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Render again' }).click();
  await page.waitForURL(/\/batches$/);
  await page.getByText('The rows of that PDF were not kept with it (too large to keep)', { exact: false }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Template' }).locator('option:checked').textContent()).toBe('Invoice');
  expect(await page.getByRole('radio', { name: 'One PDF, a page per row' }).isChecked()).toBe(true);
  expect(await page.getByRole('textbox', { name: /^Rows/ }).inputValue()).toBe('');
}, 180_000);

test("rows past the first 100 are said to be left out, beside the count and in Start's description, for a batch and for one PDF", async () => {
  await page.goto(rig.url('batches'));
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Course certificate' });
  // Images (the test before may have left One PDF in the history state this address reopens with).
  await page.getByRole('radio', { name: 'One image per row (ZIP)' }).check();
  const rowsBox = page.getByRole('textbox', { name: /^Rows/ });
  await rowsBox.fill(`name,course\n${Array.from({ length: 250 }, (_, i) => `Person ${i + 1},Course ${i + 1}`).join('\n')}\n`);
  await page.getByText('Detected columns: name, course · 250 rows').waitFor();
  const batchWords =
    'Only the first 100 rows go in this batch: a batch started here takes at most 100 rows, so rows 101 to 250 are left out. Start the rest as further batches, or send the whole file through the API (csvUrl).';
  await page.getByText(batchWords).waitFor();
  // The plan's 1000 items per batch is not offered beside it as if all 250 would go.
  expect(await page.getByText('The business plan allows at most 1000 items per batch', { exact: false }).count()).toBe(0);
  const described = (name: string) =>
    page.getByRole('button', { name }).evaluate((b) =>
      (b.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  expect(await described('Start batch')).toContain(batchWords);
  await page.getByRole('radio', { name: 'One PDF, a page per row' }).check();
  const pdfWords =
    'Only the first 100 rows make this PDF: one PDF takes at most 100 rows, so rows 101 to 250 are left out. Make the rest into further PDFs.';
  await page.getByText(pdfWords).waitFor();
  expect(await described('Make PDF')).toContain(pdfWords);
  expect(await accessibilityViolations(page)).toEqual([]);
  // At 100 rows nothing is left out, and nothing says so.
  await rowsBox.fill(`name,course\n${Array.from({ length: 100 }, (_, i) => `Person ${i + 1},Course ${i + 1}`).join('\n')}\n`);
  await page.getByText('Detected columns: name, course · 100 rows').waitFor();
  expect(await page.getByText('are left out', { exact: false }).count()).toBe(0);
});

// Last: it uses up the account's credits.
test('a Make PDF the plan refuses (its credits used up, 429) is said beside Make PDF, with what to do', async () => {
  const account = await findAccountByName(rig.stack.db, 'certificates@example.com');
  await rig.stack.setAccountPlan(account!.id, 'pro', { renderCredits: 1 });
  await page.goto(rig.url('batches'));
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Course certificate' });
  await page.getByRole('textbox', { name: /^Rows/ }).fill('name,course\nAda,Engines\n');
  await page.getByText('Detected columns: name, course · 1 row').waitFor();
  await page.getByRole('radio', { name: 'One PDF, a page per row' }).check();
  await page.getByRole('button', { name: 'Make PDF' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'monthly render credits are used up' });
  await refusal.waitFor({ timeout: 60_000 });
  expect(await refusal.textContent()).toMatch(/turn on overage billing or upgrade the plan\./);
  // Beside the button, not at the top of the form.
  const below = await page.evaluate(() => {
    const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Make PDF')!;
    const alert = Array.from(document.querySelectorAll('[role=alert]')).find((a) => a.textContent.includes('monthly render credits'))!;
    return button.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  expect(below).toBeTruthy();
  expect(page.url()).toMatch(/\/batches$/);
}, 120_000);
