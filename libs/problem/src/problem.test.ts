import { PROBLEM_KINDS, ProblemError, describeFieldErrors, deserializeProblem, serializeProblem, toProblemBody } from './index.js';

describe('problem details', () => {
  it('renders the RFC 9457 body with type, title, status, detail, instance and extras', () => {
    const error = new ProblemError('validation-error', {
      detail: 'bad',
      errors: [{ field: 'width', message: 'too big' }],
      logMessage: 'internal',
    });
    expect(toProblemBody(error, { errorsBaseUrl: 'https://api.example/errors/', instance: '/image' })).toEqual({
      type: 'https://api.example/errors/validation-error',
      title: 'Validation Error',
      status: 400,
      detail: 'bad',
      instance: '/image',
      message: 'bad',
      errors: [{ field: 'width', message: 'too big', code: 'invalid_value' }],
    });
    expect(error.message).toBe('internal');
  });

  it('adds retryAfter to a rate-limit 429 only, never to a quota 429', () => {
    const options = { errorsBaseUrl: 'https://api.example/errors', instance: '/image' };
    const limited = toProblemBody(new ProblemError('rate-limit', { detail: 'slow down', headers: { 'Retry-After': '17' } }), options);
    expect(limited).toMatchObject({ status: 429, message: 'slow down', retryAfter: 17, retry_after: 17 });
    expect(limited.code).toBeUndefined();
    const quota = toProblemBody(new ProblemError('quota-exceeded', { detail: 'credits used up', code: 'quota_exceeded' }), options);
    expect(quota).toMatchObject({ status: 429, code: 'quota_exceeded', message: 'credits used up' });
    expect(quota).not.toHaveProperty('retryAfter');
    expect(quota).not.toHaveProperty('retry_after');
  });

  it('keeps a field error code given by the validator', () => {
    const error = new ProblemError('validation-error', { detail: 'bad', errors: [{ field: 'width', message: 'x', code: 'too_big' }] });
    expect(toProblemBody(error, { errorsBaseUrl: 'e', instance: '/' }).errors).toEqual([{ field: 'width', message: 'x', code: 'too_big' }]);
  });

  it('has the contract titles for the authentication slugs', () => {
    expect(PROBLEM_KINDS['missing-auth']).toMatchObject({ status: 401, title: 'Missing Authentication' });
    expect(PROBLEM_KINDS['invalid-api-key']).toMatchObject({ status: 401, title: 'Invalid API Key' });
    expect(PROBLEM_KINDS['rate-limit']).toMatchObject({ status: 429, title: 'Rate Limit Exceeded' });
  });

  it('travels through bus messages without its internal message', () => {
    const original = new ProblemError('selector-not-found', { detail: 'no #x', logMessage: 'secret' });
    const wire = serializeProblem(original);
    expect(JSON.stringify(wire)).not.toContain('secret');
    const back = deserializeProblem(wire);
    expect([back.slug, back.status, back.detail]).toEqual(['selector-not-found', 422, 'no #x']);
    expect(deserializeProblem({ slug: 'nonsense', detail: 'd' }).slug).toBe('internal-error');
  });
});

describe('describeFieldErrors', () => {
  it('lists every field in one sentence, with one full stop at its end', () => {
    expect(
      describeFieldErrors('The request body is invalid', [
        { field: 'email', message: 'Enter a valid email address.' },
        { field: 'password', message: 'Use at least 10 characters.' },
        { field: 'width', message: 'Must be at least 1' },
      ]),
    ).toBe(
      'The request body is invalid: email: Enter a valid email address; password: Use at least 10 characters; width: Must be at least 1.',
    );
    expect(
      describeFieldErrors('The request body is invalid', [{ field: 'widht', message: 'Unknown field `widht`; did you mean `width`?' }]),
    ).toBe('The request body is invalid: widht: Unknown field `widht`; did you mean `width`?');
  });

  it('says a field and its message once when several checks refused it with the same words', () => {
    const rule = 'bucket is 3–63 lower-case letters, digits, dots and dashes (S3 bucket naming).';
    expect(
      describeFieldErrors('The request body is invalid', [
        { field: 'bucket', message: rule },
        { field: 'bucket', message: rule },
        { field: 'region', message: rule },
      ]),
    ).toBe(`The request body is invalid: bucket: ${rule.slice(0, -1)}; region: ${rule}`);
  });
});
