import { contractSourceOf, URL_RENDER_ORIGINS, urlRenderViaOf } from './url-render-origin.js';

describe('URL render origins', () => {
  it('are template renders for the contract, with how they were asked for beside', () => {
    for (const origin of Object.values(URL_RENDER_ORIGINS)) {
      expect(contractSourceOf(origin)).toBe('template');
      expect(urlRenderViaOf(origin)).toBe(origin);
    }
  });

  it('leave every other origin as it is, with no via', () => {
    for (const origin of ['html', 'url', 'template', 'canvas', 'capture', 'batch', 'binding']) {
      expect(contractSourceOf(origin)).toBe(origin);
      expect(urlRenderViaOf(origin)).toBeNull();
    }
  });
});
