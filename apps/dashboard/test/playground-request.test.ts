import { curlOf, maxSideOf, playgroundRequest, type PlaygroundState } from '../src/pages/playground/playground-request.js';

const base: PlaygroundState = {
  source: 'html',
  html: '<h1>Hi</h1>',
  url: 'https://example.com',
  format: 'png',
  width: 300,
  height: 200,
  quality: 'medium',
  seconds: '',
  paper: 'A4',
  landscape: false,
};

describe('playgroundRequest', () => {
  it('sends an image format to POST /image with its size and extension', () => {
    expect(playgroundRequest({ ...base, format: 'webp' })).toEqual({
      path: '/image',
      body: { html: '<h1>Hi</h1>', width: 300, height: 200, fileExtension: 'webp' },
    });
  });

  it('sends a GIF to POST /gif, the seconds only when given', () => {
    expect(playgroundRequest({ ...base, format: 'gif', source: 'url' }).body).toEqual({
      url: 'https://example.com',
      width: 300,
      height: 200,
      quality: 'medium',
    });
    expect(playgroundRequest({ ...base, format: 'gif', quality: 'low', seconds: '2.5' }).body).toMatchObject({
      quality: 'low',
      frameDurationSeconds: 2.5,
    });
  });

  it('sends a PDF to POST /pdf/render with paper and orientation, no pixel size', () => {
    expect(playgroundRequest({ ...base, format: 'pdf', paper: 'Letter', landscape: true })).toEqual({
      path: '/pdf/render',
      body: { html: '<h1>Hi</h1>', preset: 'Letter', landscape: true },
    });
    expect(playgroundRequest({ ...base, format: 'pdf' }).body).toEqual({ html: '<h1>Hi</h1>', preset: 'A4' });
  });

  it('leaves an emptied width or height out, so the API’s default applies (never 0)', () => {
    expect(playgroundRequest({ ...base, format: 'png', width: null }).body).toEqual({
      html: '<h1>Hi</h1>',
      height: base.height,
      fileExtension: 'png',
    });
    expect(playgroundRequest({ ...base, format: 'gif', width: null, height: null }).body).not.toHaveProperty('width');
  });

  it('offers the size limit of the chosen output', () => {
    expect([maxSideOf('png'), maxSideOf('gif')]).toEqual([4000, 2000]);
  });
});

describe('curlOf', () => {
  it('quotes single quotes in the body for a POSIX shell', () => {
    const curl = curlOf('http://localhost:8080', playgroundRequest({ ...base, html: "<p>it's</p>" }));
    expect(curl).toContain('curl -s http://localhost:8080/image \\');
    expect(curl).toContain('-H "Authorization: Bearer $PRESSROOM_API_KEY"');
    expect(curl).toContain(`-d '{"html":"<p>it'\\''s</p>"`);
  });
});
