import { refreshOutcome } from '../src/pages/bindings/refresh-outcome.js';

const asked = { lastSuccessAt: '2026-05-01T10:00:00.000Z', lastError: null };

test('a refresh runs until the binding shows a newer success or a newer error', () => {
  expect(refreshOutcome(asked, asked)).toEqual({ state: 'running' });
  expect(refreshOutcome(asked, { ...asked, lastSuccessAt: '2026-05-01T10:05:00.000Z' })).toEqual({
    state: 'done',
    at: '2026-05-01T10:05:00.000Z',
  });
  const error = { message: 'The data source answered HTTP 500.', code: 'HTTP_ERROR', at: '2026-05-01T10:05:00.000Z' };
  expect(refreshOutcome(asked, { ...asked, lastError: error })).toEqual({ state: 'failed', message: error.message });
});

test('a binding that never succeeded is done at its first success; an old error is not the refresh failing again', () => {
  const old = { message: 'Mapping failed', code: 'MAPPING_FAILED', at: '2026-05-01T09:00:00.000Z' };
  const never = { lastSuccessAt: null, lastError: old };
  expect(refreshOutcome(never, never)).toEqual({ state: 'running' });
  expect(refreshOutcome(never, { lastSuccessAt: '2026-05-01T10:05:00.000Z', lastError: null })).toMatchObject({ state: 'done' });
  expect(refreshOutcome(never, { lastSuccessAt: null, lastError: { ...old, at: '2026-05-01T10:05:00.000Z' } })).toMatchObject({
    state: 'failed',
  });
});

test('a list older than the request answer (fetched before it) does not end the refresh', () => {
  const older = { lastSuccessAt: '2026-05-01T09:55:00.000Z', lastError: null };
  expect(refreshOutcome(asked, older)).toEqual({ state: 'running' });
});
