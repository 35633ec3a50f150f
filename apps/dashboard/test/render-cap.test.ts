import { NOT_A_COUNT } from '../src/kit/written-count.js';
import { capOf } from '../src/pages/settings/render-cap.js';

describe("the URL-signing secret's Render cap as typed", () => {
  it('reads empty as no cap and a count as people write it (kit/written-count.ts)', () => {
    expect(capOf('  ')).toEqual({ cap: null });
    expect(capOf('50')).toEqual({ cap: 50 });
    expect(capOf(' 1,000 ')).toEqual({ cap: 1000 });
    expect(capOf('1 000 000')).toEqual({ cap: 1_000_000 });
  });

  it("refuses counts out of the API's range before anything is sent or asked (0, -3, past a billion)", () => {
    expect(capOf('0')).toEqual({ refusal: 'Must be at least 1, or leave the field empty for no cap.' });
    expect(capOf('-3')).toEqual({ refusal: 'Must be at least 1, or leave the field empty for no cap.' });
    expect(capOf('1,000,000,001')).toEqual({ refusal: 'Must be at most 1,000,000,000.' });
    expect(capOf('1,000,000,000')).toEqual({ cap: 1_000_000_000 });
  });

  it('refuses text that is no count, in the words a plan’s limits use: groups that are not thousands, 1e3, 0x10, 1.5', () => {
    for (const text of ['lots', '1,00', '1,50,0', '1,000.000,0', '10k', '1,000 000', '1e3', '0x10', '1.5', '1_000'])
      expect([text, capOf(text)]).toEqual([text, { refusal: NOT_A_COUNT }]);
  });
});
