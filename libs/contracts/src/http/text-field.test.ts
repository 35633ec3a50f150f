import { CreateKeyBody, CreateTeamBody, SignInBody } from './dashboard-auth.js';
import { WebhookCreate } from './webhooks.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);

describe('text fields say what is wrong with them', () => {
  it('too long is not "required"; missing, empty and not a string each have their own words', () => {
    expect(messages(CreateKeyBody.safeParse({ name: 'k'.repeat(101) }))).toEqual(['Must be at most 100 characters long']);
    expect(messages(CreateTeamBody.safeParse({ name: '   ' }))).toEqual(['`name` is required.']);
    expect(messages(CreateTeamBody.safeParse({}))).toEqual(['`name` is required.']);
    expect(messages(CreateKeyBody.safeParse({ name: 7 }))).toEqual(['`name` must be a string.']);
    expect(CreateKeyBody.parse({ name: '  CI key ' })).toEqual({ name: 'CI key' });
    expect(messages(SignInBody.safeParse({ email: `${'a'.repeat(250)}@example.com`, password: 'x' }))).toEqual([
      'Must be at most 254 characters long',
    ]);
    const webhook = { event: 'render.completed' };
    expect(messages(WebhookCreate.safeParse({ ...webhook, targetUrl: '' }))).toEqual([
      '`targetUrl` is required: the HTTPS URL that receives deliveries.',
    ]);
    expect(messages(WebhookCreate.safeParse({ ...webhook, targetUrl: `https://x.example/${'a'.repeat(2048)}` }))).toEqual([
      'Must be at most 2048 characters long',
    ]);
  });
});
