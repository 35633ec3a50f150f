import { matchingSubscriptions, webhookRouteMatches, type EventRouting, type WebhookRoute } from './webhook-matching.js';

const routing = (overrides: Partial<EventRouting> = {}): EventRouting => ({
  ownerId: 'acc_a',
  event: 'render.completed',
  templateId: 'tpl_1',
  bindingId: null,
  type: 'image',
  ...overrides,
});
const route = (filters: WebhookRoute['filters'] = {}, event = 'render.completed'): WebhookRoute => ({ uid: 'whk_1', event, filters });

describe('webhook matching', () => {
  it('needs the same event; no filter matches every event of that name', () => {
    expect(webhookRouteMatches(route(), routing())).toBe(true);
    expect(webhookRouteMatches(route({}, 'render.failed'), routing())).toBe(false);
    expect(webhookRouteMatches(route(), routing({ templateId: null, type: null }))).toBe(true);
  });

  it('needs every set filter to equal the event’s value', () => {
    expect(webhookRouteMatches(route({ templateId: 'tpl_1', type: 'image' }), routing())).toBe(true);
    expect(webhookRouteMatches(route({ templateId: 'tpl_2' }), routing())).toBe(false);
    expect(webhookRouteMatches(route({ templateId: 'tpl_1', type: 'pdf' }), routing())).toBe(false);
    expect(webhookRouteMatches(route({ bindingId: 'bnd_1' }), routing({ event: 'binding.updated', bindingId: 'bnd_1' }))).toBe(false);
    expect(
      webhookRouteMatches(route({ bindingId: 'bnd_1' }, 'binding.updated'), routing({ event: 'binding.updated', bindingId: 'bnd_1' })),
    ).toBe(true);
  });

  it('never matches a filter on a field the event lacks (a raw-HTML render has no template)', () => {
    expect(webhookRouteMatches(route({ templateId: 'tpl_1' }), routing({ templateId: null }))).toBe(false);
    expect(webhookRouteMatches(route({ type: 'image' }), routing({ event: 'binding.failed', type: null }))).toBe(false);
  });

  it('answers the uids of the routes that match, in their order', () => {
    const routes: WebhookRoute[] = [
      { uid: 'whk_all', event: 'render.completed', filters: {} },
      { uid: 'whk_pdf', event: 'render.completed', filters: { type: 'pdf' } },
      { uid: 'whk_failed', event: 'render.failed', filters: {} },
      { uid: 'whk_tpl', event: 'render.completed', filters: { templateId: 'tpl_1', type: 'image' } },
    ];
    expect(matchingSubscriptions(routes, routing())).toEqual(['whk_all', 'whk_tpl']);
    expect(matchingSubscriptions([], routing())).toEqual([]);
  });
});
