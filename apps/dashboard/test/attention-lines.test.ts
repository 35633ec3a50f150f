import { attentionLines, failedRendersLink, namesList, type AttentionInput } from '../src/pages/home/attention-lines.js';

// Times where the test runs: the Renders list's days are the reader's (render-filters.ts), so the link's day is too.
const now = new Date(2026, 11, 6, 1, 30);
const activeWebhook = { event: 'render.completed', targetUrl: 'https://hooks.example.com/a', status: 'active' };
const activeBinding = { name: 'Weather card', status: 'active', lastError: null };
const allWell: AttentionInput = {
  failedRenders: { items: [], pagination: { hasMore: false } },
  webhooks: [activeWebhook],
  bindings: [activeBinding],
  now,
};
const failures = (count: number, hasMore = false) => ({
  items: Array.from({ length: count }, (_, i) => ({ id: `img_${i}` })),
  pagination: { hasMore },
});

describe("the Overview's Needs attention lines", () => {
  it('says nothing when nothing is wrong, nor while the lists load, nor for a paused webhook or binding', () => {
    expect(attentionLines(allWell)).toEqual([]);
    expect(attentionLines({ failedRenders: undefined, webhooks: undefined, bindings: undefined, now })).toEqual([]);
    expect(
      attentionLines({
        ...allWell,
        webhooks: [{ event: 'render.failed', targetUrl: 'https://hooks.example.com/b', status: 'paused' }],
        bindings: [{ name: 'Paused card', status: 'paused', lastError: null }],
      }),
    ).toEqual([]);
  });

  it('counts the failed renders of the last 24 hours, and links to the failed renders since the day the window starts', () => {
    expect(attentionLines({ ...allWell, failedRenders: failures(3) })).toEqual([
      {
        kind: 'renders',
        text: '3 renders failed in the last 24 hours.',
        link: { text: 'See the failed renders and why', to: '/renders?status=failed&from=2026-12-05' },
      },
    ]);
    expect(attentionLines({ ...allWell, failedRenders: failures(1) })[0]!.text).toBe('1 render failed in the last 24 hours.');
    // A full page with more behind it: at least that many.
    expect(attentionLines({ ...allWell, failedRenders: failures(100, true) })[0]!.text).toBe(
      'More than 100 renders failed in the last 24 hours.',
    );
    // Late in the day the window starts the same day.
    expect(failedRendersLink(new Date(2026, 11, 6, 23, 59))).toBe('/renders?status=failed&from=2026-12-05');
    expect(failedRendersLink(new Date(2026, 11, 7, 0, 0))).toBe('/renders?status=failed&from=2026-12-06');
  });

  it('names a webhook the dispatcher disabled, or counts several, with the way to the Webhooks page', () => {
    const disabled = (targetUrl: string) => ({ event: 'render.completed', targetUrl, status: 'failed' });
    expect(attentionLines({ ...allWell, webhooks: [activeWebhook, disabled('https://hooks.example.com/down')] })).toEqual([
      {
        kind: 'webhooks',
        text: 'The webhook “A render finished” to https://hooks.example.com/down is disabled: events are not sent to it.',
        link: { text: 'Open Webhooks', to: '/settings/webhooks' },
      },
    ]);
    const many = ['https://a.example', 'https://b.example', 'https://c.example', 'https://d.example', 'https://e.example'];
    expect(attentionLines({ ...allWell, webhooks: many.map(disabled) })[0]!.text).toBe(
      '5 webhooks are disabled: events are not sent to https://a.example, https://b.example, https://c.example and 2 more.',
    );
  });

  it('names a binding whose refresh failed with the reason, or several by name, with the way to the Bindings page', () => {
    const failing = { name: 'Private card', status: 'error', lastError: { message: 'the data source answered HTTP 401' } };
    expect(attentionLines({ ...allWell, bindings: [failing, activeBinding] })).toEqual([
      {
        kind: 'bindings',
        text: 'Binding Private card could not refresh: The data source answered HTTP 401.',
        link: { text: 'Open Bindings', to: '/bindings' },
      },
    ]);
    expect(attentionLines({ ...allWell, bindings: [{ ...failing, lastError: null }] })[0]!.text).toBe(
      'Binding Private card could not refresh.',
    );
    expect(attentionLines({ ...allWell, bindings: [failing, { ...failing, name: 'Stock ticker' }] })[0]!.text).toBe(
      '2 bindings could not refresh: Private card and Stock ticker.',
    );
  });

  it('gives one line per kind of problem, renders first, and says which list could not be read rather than staying silent', () => {
    const lines = attentionLines({
      failedRenders: failures(2),
      webhooks: { error: 'the service is busy' },
      bindings: [{ name: 'Private card', status: 'error', lastError: null }],
      now,
    });
    expect(lines.map((l) => l.kind)).toEqual(['renders', 'webhooks', 'bindings']);
    expect(lines[1]).toEqual({
      kind: 'webhooks',
      text: 'Could not check the webhooks: The service is busy.',
      link: { text: 'Open Webhooks', to: '/settings/webhooks' },
    });
  });

  it('lists names as a sentence', () => {
    expect(namesList([])).toBe('');
    expect(namesList(['a'])).toBe('a');
    expect(namesList(['a', 'b'])).toBe('a and b');
    expect(namesList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(namesList(['a', 'b', 'c', 'd'])).toBe('a, b, c and 1 more');
  });
});
