import '../issue-messages.js';
import { textTooLong } from '../too-long.js';
import { BatchArchiveQuery } from './batch-archive.js';
import { NameSearch } from './common.js';
import { CreateKeyBody, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, ProfileBody, SignUpBody } from './dashboard-auth.js';
import { PasswordResetCheckBody } from './password-reset.js';
import { valueLengthProblem } from './variable-values.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messageAt = (result: Result, field: string) =>
  (result.error?.issues ?? []).filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);

/*
 * Every text the API refuses as too long says it in one wording, the dashboard's (kit/too-long.ts): the generic
 * words of a bare `.max()`, a schema's own `.max()` message and a hand-written check alike. Before, the same limits
 * read "`email` must be at most 254 characters.", "Use at most 200 characters.", "Must be at most 200 characters
 * long" and "Must be at most 5 characters; got 12.".
 */
describe('too-long text, one wording', () => {
  it('is "Must be at most N characters long"', () => {
    expect(textTooLong(200)).toBe('Must be at most 200 characters long');
  });

  it('the account bodies say it for email, password and name', () => {
    const signUp = SignUpBody.safeParse({
      email: `${'a'.repeat(MAX_EMAIL_LENGTH)}@example.com`,
      password: 'p'.repeat(MAX_PASSWORD_LENGTH + 1),
      name: 'n'.repeat(MAX_NAME_LENGTH + 1),
    });
    expect(messageAt(signUp, 'email')).toEqual([textTooLong(MAX_EMAIL_LENGTH)]);
    expect(messageAt(signUp, 'password')).toEqual([textTooLong(MAX_PASSWORD_LENGTH)]);
    expect(messageAt(signUp, 'name')).toEqual([textTooLong(MAX_NAME_LENGTH)]);
    expect(messageAt(ProfileBody.safeParse({ name: 'n'.repeat(MAX_NAME_LENGTH + 1) }), 'name')).toEqual([textTooLong(MAX_NAME_LENGTH)]);
    expect(messageAt(PasswordResetCheckBody.safeParse({ token: 't'.repeat(201) }), 'token')).toEqual([textTooLong(200)]);
    expect(messageAt(CreateKeyBody.safeParse({ name: 'k'.repeat(101) }), 'name')).toEqual([textTooLong(100)]);
  });

  it('a list search and an archive name say it', () => {
    expect(NameSearch.safeParse('s'.repeat(201)).error?.issues.map((issue) => issue.message)).toEqual([textTooLong(200)]);
    expect(messageAt(BatchArchiveQuery.safeParse({ name: 'v'.repeat(201) }), 'name')).toEqual([textTooLong(200)]);
  });

  it("a template variable's value over its maxLength says it, with the length given", () => {
    expect(valueLengthProblem({ maxLength: 5 }, 'far too long')).toBe(`${textTooLong(5)}; got 12.`);
  });
});
