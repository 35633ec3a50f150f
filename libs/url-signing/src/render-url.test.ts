import { renderUrlOf, signedRenderUrlOf } from './render-url.js';
import { verifyRenderUrl } from './url-signature.js';

const NOW = new Date('2026-01-01T00:00:00Z');

function verify(url: string, pathPrefix = '') {
  const parsed = new URL(url);
  const path = decodeURIComponent(parsed.pathname.slice(pathPrefix.length));
  return verifyRenderUrl({ path, pairs: [...parsed.searchParams.entries()], secret: 'k', now: NOW });
}

describe('render URLs', () => {
  it('put the variables, the layout and the quality in the query of /r/<uid>.<ext>', () => {
    const url = renderUrlOf({
      baseUrl: 'https://img.example/',
      templateUid: 'tpl_1',
      extension: 'webp',
      variables: { title: 'Hello & wörld', color: '#ff0000' },
      layout: 'square',
      quality: 0.8,
    });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe('https://img.example/r/tpl_1.webp');
    expect([...parsed.searchParams]).toEqual([
      ['title', 'Hello & wörld'],
      ['color', '#ff0000'],
      ['layout', 'square'],
      ['quality', '0.8'],
    ]);
    expect(renderUrlOf({ baseUrl: 'http://localhost:8080', templateUid: 'tpl_2', extension: 'png' })).toBe(
      'http://localhost:8080/r/tpl_2.png',
    );
  });

  it('sign what the server verifies, with the expiry, and not the base path in front of /r/', () => {
    const expiresAt = new Date(NOW.getTime() + 3_600_000);
    const url = signedRenderUrlOf({
      baseUrl: 'https://img.example/pressroom/',
      templateUid: 'tpl_1',
      extension: 'png',
      variables: { name: 'Ann' },
      secretId: 'uss_1',
      secret: 'k',
      expiresAt,
    });
    expect(url.startsWith('https://img.example/pressroom/r/tpl_1.png?name=Ann&sid=uss_1&exp=')).toBe(true);
    expect(verify(url, '/pressroom')).toEqual({ ok: true, expiresAt });
    expect(verify(url.replace('name=Ann', 'name=Bob'), '/pressroom')).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(verify(url, '')).toMatchObject({ ok: false, reason: 'mismatch' });
    const lasting = signedRenderUrlOf({
      baseUrl: 'http://localhost:8080',
      templateUid: 'tpl_1',
      extension: 'png',
      secretId: 'uss_1',
      secret: 'k',
    });
    expect(new URL(lasting).searchParams.has('exp')).toBe(false);
    expect(verify(lasting)).toEqual({ ok: true, expiresAt: null });
  });
});
