import { PROBLEM_KINDS, ProblemError, deserializeProblem, serializeProblem, toProblemBody } from './index.js';

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
      errors: [{ field: 'width', message: 'too big' }],
    });
    expect(error.message).toBe('internal');
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
