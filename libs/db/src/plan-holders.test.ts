import { planSettingsFor } from './plan-holders.js';

describe('planSettingsFor: what a plan change stores besides the plan', () => {
  it('keeps the custom limits given on enterprise and leaves the others as they are', () => {
    expect(planSettingsFor({ plan: 'enterprise', renderCredits: 250_000 })).toEqual({ renderCredits: 250_000 });
  });
  it('forgets every custom limit when the plan is not enterprise', () => {
    expect(planSettingsFor({ plan: 'business', overage: true })).toEqual({
      perMinute: null,
      perDay: null,
      renderCredits: null,
      aiCredits: null,
      overage: true,
    });
  });
  it('turns overage off on free unless told, and keeps it as it is on a paid plan unless told', () => {
    expect(planSettingsFor({ plan: 'free' }).overage).toBe(false);
    expect(planSettingsFor({ plan: 'pro' })).not.toHaveProperty('overage');
  });
});
