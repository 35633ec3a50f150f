import type { Locator, Page, Response } from 'playwright-core';
import { accessibilityViolations, eventually, expectFocusOn, startSignedInRig, type SignedInRig } from './browser.js';

// docs/dashboard.md "Refused forms": a message that stands beside its field is not repeated in the form's banner,
// which then only says "Check the highlighted field." The API writes for readers of the raw problem, naming the field
// with backticks (`targetUrl` is required: …); beside the field that name goes (Required: …), and the banner must
// still see that the message is shown there (an empty webhook URL).
// What the dashboard checks before sending (an empty team or key name) is refused the same way, in its own plain words.

let signedIn: SignedInRig;
let page: Page;

beforeAll(async () => {
  signedIn = await startSignedInRig({ email: 'refusals@example.com', plan: 'free' });
  page = signedIn.page;
}, 120_000);

afterAll(async () => {
  await signedIn?.close();
});

/** The first per-field error of the refusal `response` carried. */
async function firstFieldError(response: Response): Promise<{ field: string; message: string }> {
  expect(response.status()).toBe(400);
  const problem = (await response.json()) as { errors: { field: string; message: string }[] };
  return problem.errors[0]!;
}

/** What the field's aria-describedby points at (its hint and its error). */
const descriptionOf = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

/**
 * Submits `form` (its field `label` as it is), and checks the refusal: under the field once, as `beside` (the API's
 * message in the words the field shows); the banner only points at it; focus on the field; nothing in raw backticks.
 * Gives the API's own message.
 */
async function expectRefusedBesideField(form: Locator, label: string, submit: string, path: string, beside: string): Promise<string> {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path);
  await form.getByRole('button', { name: submit }).click();
  const error = await firstFieldError(await answered);
  const field = form.getByRole('textbox', { name: label });
  await form.getByRole('alert').waitFor();
  expect(await form.getByRole('alert').textContent()).toBe('Check the highlighted field.');
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionOf(field)).toBe(beside);
  await expectFocusOn(page, label);
  const text = (await form.textContent())!;
  expect(text).not.toContain('`');
  expect(text.split(beside).length).toBe(2); // shown exactly once
  return error.message;
}

/**
 * Submits `form` with its field `label` empty, and checks the dashboard refuses it before sending anything to `path`:
 * `message` (its own plain words) under the field once, the banner only pointing at it, focus on the field.
 */
async function expectRefusedHere(form: Locator, label: string, submit: string, path: string, message: string): Promise<void> {
  const sent: string[] = [];
  const watch = (request: { method: () => string; url: () => string }) => {
    if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
  };
  page.on('request', watch);
  await form.getByRole('button', { name: submit }).click();
  const field = form.getByRole('textbox', { name: label });
  await form.getByRole('alert').waitFor();
  expect(await form.getByRole('alert').textContent()).toBe('Check the highlighted field.');
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionOf(field)).toBe(message);
  await expectFocusOn(page, label);
  const text = (await form.textContent())!;
  expect(text).not.toContain('`');
  expect(text.split(message).length).toBe(2); // shown exactly once
  page.off('request', watch);
  expect(sent).not.toContain(path);
}

test("an empty webhook URL (Required: …, not the API's `targetUrl` is required), team name and key name: each refusal beside its field, the banner only pointing at it", async () => {
  // The API's words name the field for readers of the raw problem; beside Target URL that name goes.
  await page.goto(signedIn.rig.url('settings/webhooks'));
  const webhook = page.getByRole('form', { name: 'Create a webhook' });
  const urlMessage = await expectRefusedBesideField(
    webhook,
    'Target URL',
    'Create webhook',
    '/webhook-subscriptions',
    'Required: the HTTPS URL that receives deliveries.',
  );
  expect(urlMessage).toBe('`targetUrl` is required: the HTTPS URL that receives deliveries.');
  expect((await webhook.textContent())!).not.toContain('targetUrl');
  expect(await accessibilityViolations(page)).toEqual([]);

  // An empty team or key name is refused before sending, in the dashboard's words (the API's would be "`name` is required.").
  await page.goto(signedIn.rig.url('settings/teams'));
  await expectRefusedHere(page.getByRole('form', { name: 'Create a team' }), 'Team name', 'Create team', '/teams', 'Give the team a name.');
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto(signedIn.rig.url('settings/api-keys'));
  await expectRefusedHere(
    page.getByRole('form', { name: 'Create an API key' }),
    'Key name',
    'Create key',
    '/account/keys',
    'Give the key a name.',
  );
});

test('a blocked webhook URL (a problem whose detail names the field first) is not repeated in the banner', async () => {
  await page.goto(signedIn.rig.url('settings/webhooks'));
  const webhook = page.getByRole('form', { name: 'Create a webhook' });
  await webhook.getByRole('textbox', { name: 'Target URL' }).fill('http://localhost:3000/hooks');
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/webhook-subscriptions');
  await webhook.getByRole('button', { name: 'Create webhook' }).click();
  const response = await answered;
  const problem = (await response.json()) as { detail: string; errors: { field: string; message: string }[] };
  // The API's detail is `targetUrl: <the message>`: the same sentence as the field's, with its name in front.
  expect(problem.detail).toBe(`targetUrl: ${problem.errors[0]!.message}`);
  await webhook.getByRole('alert').waitFor();
  expect(await webhook.getByRole('alert').textContent()).toBe('Check the highlighted field.');
  expect(await descriptionOf(webhook.getByRole('textbox', { name: 'Target URL' }))).toBe(problem.errors[0]!.message);
  expect((await webhook.textContent())!.split('names the local machine').length).toBe(2);
  await expectFocusOn(page, 'Target URL');
});

test('an empty sign-in form is refused before sending, in plain words beside each field (not the API sentence `password` is required.)', async () => {
  const visitor = await (await signedIn.rig.newContext()).newPage();
  const posted: string[] = [];
  visitor.on('request', (request) => {
    if (request.method() === 'POST') posted.push(new URL(request.url()).pathname);
  });
  await visitor.goto(signedIn.rig.url('sign-in'));
  const form = visitor.getByRole('form', { name: 'Sign in' });
  const email = form.getByRole('textbox', { name: 'Email' });
  const password = form.getByLabel('Password', { exact: true });

  // Both empty: each says what to do, in one style; focus on the first.
  await form.getByRole('button', { name: 'Sign in' }).click();
  await form.getByRole('alert').waitFor();
  expect(await descriptionOf(email)).toBe('Enter your email address.');
  expect(await descriptionOf(password)).toBe('Enter your password.');
  await expectFocusOn(visitor, 'Email');

  // The email given, the password still empty: only the password is refused, focus there.
  await email.fill('refusals@example.com');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await eventually(async () => (await email.getAttribute('aria-invalid')) === null, 'the email no longer refused');
  expect(await descriptionOf(password)).toBe('Enter your password.');
  expect(await password.getAttribute('aria-invalid')).toBe('true');
  await expectFocusOn(visitor, 'Password');
  const text = (await form.textContent())!;
  expect(text).not.toContain('is required');
  expect(text.split('Enter your password.').length).toBe(2); // shown exactly once
  expect(posted).not.toContain('/auth/sign-in');
  expect(await accessibilityViolations(visitor)).toEqual([]);

  // The password given: an empty email is still asked for in the same words (not the API's 'Enter a valid email
  // address.', which sign-up and the reset used to say for an empty one), a malformed one called not valid.
  await email.fill('');
  await password.fill('some password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await eventually(async () => (await descriptionOf(email)) === 'Enter your email address.', 'an empty email asked for');
  await email.fill('not-an-address');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await eventually(async () => (await descriptionOf(email)) === 'Enter a valid email address.', 'a malformed email called not valid');

  // A password over the limit is refused beside it in the words sign-up, Account and the API use (kit/too-long.ts),
  // and nothing is sent.
  await email.fill('refusals@example.com');
  await password.fill('p'.repeat(201));
  await form.getByRole('button', { name: 'Sign in' }).click();
  await eventually(async () => (await descriptionOf(password)) === 'Must be at most 200 characters long.', 'an over-long password refused');
  expect(await email.getAttribute('aria-invalid')).toBe(null);
  await expectFocusOn(visitor, 'Password');
  expect(posted).not.toContain('/auth/sign-in');
  await visitor.context().close();
});
