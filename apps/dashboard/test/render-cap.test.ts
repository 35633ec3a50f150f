import { CAP_NOT_A_NUMBER, capOf } from '../src/pages/settings/render-cap.js';

describe("the URL-signing secret's Render cap as typed", () => {
  it('reads empty as no cap and a number as it is, thousands grouped too', () => {
    expect(capOf('  ')).toEqual({ cap: null });
    expect(capOf('50')).toEqual({ cap: 50 });
    expect(capOf(' 1,000 ')).toEqual({ cap: 1000 });
    expect(capOf('1 000 000')).toEqual({ cap: 1_000_000 });
    expect(capOf('1_000')).toEqual({ cap: 1000 });
  });

  it('passes numbers the API refuses on to it, so its own words say why (0, 1.5, -3)', () => {
    expect(capOf('0')).toEqual({ cap: 0 });
    expect(capOf('1.5')).toEqual({ cap: 1.5 });
    expect(capOf('-3')).toEqual({ cap: -3 });
  });

  it('refuses text that is not a number of renders, and groups that are not thousands', () => {
    for (const text of ['lots', '1,00', '1,000.000,0', '10k', '1,000 000']) expect(capOf(text)).toEqual({ refusal: CAP_NOT_A_NUMBER });
  });
});
