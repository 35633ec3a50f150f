import { OPERATIONS } from './registry.js';

/* Swagger UI and Redoc show an operation's summary as plain text (only descriptions are Markdown): a backtick there
 * is printed as a backtick, so summaries are written without Markdown. */
test('no operation summary carries Markdown code spans', () => {
  const marked = OPERATIONS.filter((op) => /`/.test(op.summary ?? '')).map((op) => `${op.method} ${op.path}: ${op.summary}`);
  expect(OPERATIONS.filter((op) => op.summary).length).toBeGreaterThan(50);
  expect(marked).toEqual([]);
});
