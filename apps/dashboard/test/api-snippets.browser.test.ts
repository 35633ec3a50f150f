import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { decode, startPageServer } from '../../../deploy/embedded/test/harness.js';
import { sessionRequest, startSignedInRig, type DashboardRig } from './browser.js';
import { runSnippet } from './run-snippet.js';

/*
 * The code the dashboard offers for copying, run as a developer runs it: read from the clipboard after its Copy
 * button, the key put where the page says, then run with bash or node against the real stack; each must answer 2xx
 * and make a real file.
 */

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;
let key: string;

beforeAll(async () => {
  ({ rig, context, page, close } = await startSignedInRig({ email: 'snippets@example.com', plan: 'business' }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.stack.baseUrl });
  const issued = await sessionRequest(context, rig.stack.baseUrl, { method: 'POST', path: '/account/keys', data: { name: 'Snippets' } });
  key = ((await issued.json()) as { key: string }).key;
}, 120_000);

afterAll(async () => {
  await close?.();
});

/** Answers name the file on the public address (localhost); the test reaches the same server at 127.0.0.1. */
const reachable = (url: string) => url.replace('//localhost:', '//127.0.0.1:');

/** A value a shell or a JavaScript string could break on: quotes, an apostrophe, $, a backtick, a backslash, non-ASCII. */
const AWKWARD = 'It\'s "quoted" $HOME `id` \\n — ünï 😀';

async function copied(button: string): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

test("a template's Use via API: the copied curl, URL with a key, JavaScript and Python each make the image, with awkward text", async () => {
  const made = await sessionRequest(context, rig.stack.baseUrl, {
    method: 'POST',
    path: '/templates',
    data: {
      name: 'Quote card',
      html: '<body style="margin:0;background:{{ color }}"><p>{{ title }}</p></body>',
      width: 40,
      height: 20,
      variableDefinitions: [
        { name: 'title', type: 'text', defaultValue: 'x' },
        { name: 'color', type: 'color', defaultValue: '#00ff00' },
      ],
    },
  });
  expect(made.status()).toBe(200);
  const uid = ((await made.json()) as { template: { uid: string } }).template.uid;
  await page.goto(rig.url(`templates/${uid}`));
  await page.getByRole('textbox', { name: /^title/ }).fill(AWKWARD);
  const panel = page.getByRole('region', { name: 'Use via API' });
  await panel.getByText('Show the code').click();
  const env = { PRESSROOM_API_KEY: key };

  // curl prints the API's answer: the file's URL, and the value arrived whole.
  const curl = await runSnippet('shell', await copied('Copy curl'), env);
  expect(curl.code).toBe(0);
  const answer = JSON.parse(curl.stdout) as { url: string; id: string };
  expect((await decode(reachable(answer.url))).pixel(39, 19)).toEqual([0, 255, 0]);
  const sent = await sessionRequest(context, rig.stack.baseUrl, { method: 'GET', path: `/renders/${answer.id}` });
  expect(JSON.stringify(await sent.json())).toContain(JSON.stringify(AWKWARD).slice(1, -1));

  // The URL with a key, with the key where it says YOUR_API_KEY.
  const keyUrl = await copied('Copy URL with key');
  expect(keyUrl).toContain('token=YOUR_API_KEY');
  const image = await decode(keyUrl.replace('YOUR_API_KEY', key));
  expect([image.format, image.width, image.height]).toEqual(['png', 40, 20]);

  // The JavaScript, run with node: it prints the image's URL (it used to end silently, whatever the answer).
  const javascript = await copied('Copy JavaScript');
  const run = await runSnippet('node', javascript, env);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^http:\/\/localhost:\d+\/files\/renders\/img_\w+\.png\n$/);
  expect((await decode(reachable(run.stdout.trim()))).pixel(0, 0)).toEqual([0, 255, 0]);
  // With a wrong key it fails and says why (the API's problem), rather than printing nothing.
  const refused = await runSnippet('node', javascript, { PRESSROOM_API_KEY: 'pr_not_a_key' });
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toMatch(/Error: 401 /);

  // The Python (standard library only), run with python3: the same image, and the API's refusal as its exit.
  const python = await copied('Copy Python');
  const ran = await runSnippet('python', python, env);
  expect(ran.stderr).toBe('');
  expect(ran.code).toBe(0);
  expect(ran.stdout).toMatch(/^http:\/\/localhost:\d+\/files\/renders\/img_\w+\.png\n$/);
  expect((await decode(reachable(ran.stdout.trim()))).pixel(0, 0)).toEqual([0, 255, 0]);
  const sentFromPython = await sessionRequest(context, rig.stack.baseUrl, {
    method: 'GET',
    path: `/renders/${/(img_\w+)\.png/.exec(ran.stdout)![1]}`,
  });
  expect(JSON.stringify(await sentFromPython.json())).toContain(JSON.stringify(AWKWARD).slice(1, -1));
  const turnedAway = await runSnippet('python', python, { PRESSROOM_API_KEY: 'pr_not_a_key' });
  expect(turnedAway.code).not.toBe(0);
  expect(turnedAway.stderr).toMatch(/^401 /);
}, 120_000);

test("a new API key's dialog offers its first request with the key in it, which makes an image as copied", async () => {
  await page.goto(rig.url('settings/api-keys'));
  await page.getByRole('textbox', { name: 'Key name' }).fill('First');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your key “First”' });
  const shown = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
  await dialog.getByRole('figure', { name: 'Try it: this makes a small image and prints its URL' }).waitFor();
  const request = await copied('Copy first request');
  expect(request).toContain(shown);
  // Run as pasted: no variable to set first.
  const run = await runSnippet('shell', request);
  expect(run.code).toBe(0);
  const answer = JSON.parse(run.stdout) as { url: string };
  const image = await decode(reachable(answer.url));
  expect([image.format, image.width, image.height]).toEqual(['png', 600, 315]);
  // Copying the request copied the key: the dialog closes without asking.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}, 120_000);

test("the playground's copied curl sends HTML with quotes, newlines and non-ASCII whole, and makes the PDF", async () => {
  await page.goto(rig.url('playground'));
  const html = page.getByRole('textbox', { name: 'HTML' });
  await html.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(`<p style='color:red'>${AWKWARD}</p>\n<p>second line</p>`);
  await page.getByRole('combobox', { name: 'Format' }).selectOption('pdf');
  const run = await runSnippet('shell', await copied('Copy curl'), { PRESSROOM_API_KEY: key });
  expect(run.code).toBe(0);
  const answer = JSON.parse(run.stdout) as { url: string; pageCount: number };
  expect(answer.pageCount).toBe(1);
  const file = Buffer.from(await (await fetch(reachable(answer.url))).arrayBuffer());
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  // The text arrived whole: the PDF's text holds it (the emoji aside, which pdftotext may not give back).
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-snippet-pdf-'));
  try {
    await writeFile(join(dir, 'page.pdf'), file);
    const text = execFileSync('pdftotext', [join(dir, 'page.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(AWKWARD.replace(' 😀', ''));
    expect(text).toContain('second line');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);

/** Checks the delivery in the environment with the copied verifyWebhook, as a receiver would, and says which. */
const CHECK_DELIVERY = `
const rawBody = Buffer.from(process.env.DELIVERY_BODY_BASE64, 'base64');
console.log(verifyWebhook(rawBody, process.env.DELIVERY_SIGNATURE) ? 'valid' : 'invalid');
`;

test("a new webhook's dialog offers verification code with its secret in it, which accepts a real delivery and refuses one byte changed", async () => {
  let delivered: (delivery: { raw: Buffer; signature: string }) => void = () => {};
  const delivery = new Promise<{ raw: Buffer; signature: string }>((resolve) => (delivered = resolve));
  const receiver = await startPageServer({
    '/verify': (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        delivered({ raw: Buffer.concat(chunks), signature: String(req.headers['x-service-signature']) });
        res.writeHead(204).end();
      });
    },
  });
  try {
    await page.goto(rig.url('settings/webhooks'));
    await page.getByRole('textbox', { name: 'Target URL' }).fill(receiver.url('/verify'));
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook signing secret' });
    const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    await dialog.getByRole('figure', { name: /^Verify each delivery/ }).waitFor();
    const code = await copied('Copy verification code');
    expect(code).toContain(`'${secret}'`);
    // Copying the code copied the secret: the dialog closes without asking.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // A real delivery, signed by the dispatcher.
    await page.getByRole('button', { name: /^Send test event to / }).click();
    const { raw, signature } = await delivery;
    const check = (body: Buffer) =>
      runSnippet('node', code + CHECK_DELIVERY, { DELIVERY_BODY_BASE64: body.toString('base64'), DELIVERY_SIGNATURE: signature });
    const valid = await check(raw);
    expect(valid.stderr).toBe('');
    expect(valid.stdout).toBe('valid\n');
    // One byte of the body changed (a bit of the last but one): the same signature no longer matches.
    const changed = Buffer.from(raw);
    changed.writeUInt8(changed.readUInt8(changed.length - 2) ^ 1, changed.length - 2);
    const invalid = await check(changed);
    expect(invalid.stderr).toBe('');
    expect(invalid.stdout).toBe('invalid\n');
  } finally {
    await receiver.close();
  }
}, 120_000);
