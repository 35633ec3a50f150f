import { ProblemError } from '@pressroom/problem';
import { canvasGifRefusal, gifRefusalOf } from './gif-output.js';
import { templatePage } from './html-page.js';
import { canvasDocument, templateRow } from './template-fixture.js';

describe('gifRefusalOf (which template layouts render as GIFs)', () => {
  it('accepts an HTML layout of at most 2000 px a side', () => {
    expect(gifRefusalOf(templateRow({ width: 2000, height: 400 }))).toBeNull();
  });

  it('refuses a canvas template, naming it', () => {
    const template = templateRow({ uid: 'tpl_card', html: null, fabricJSData: canvasDocument() });
    expect(gifRefusalOf(template)).toEqual({
      reason: 'canvas',
      message: 'GIF output animates an HTML page; template tpl_card is a canvas design.',
    });
  });

  it('judges each layout by its own design and size', () => {
    const template = templateRow({
      uid: 'tpl_mixed',
      layouts: { drawn: { fabricJSData: canvasDocument() }, poster: { width: 2400, height: 1200 }, story: { width: 1080, height: 1920 } },
    });
    expect(gifRefusalOf(template, 'drawn')).toMatchObject({
      reason: 'canvas',
      message: expect.stringContaining('layout "drawn" of template tpl_mixed is a canvas design'),
    });
    expect(gifRefusalOf(template, 'poster')).toEqual({
      reason: 'size',
      message: 'GIF output is at most 2000 pixels a side; layout "poster" of template tpl_mixed is 2400x1200.',
    });
    expect(gifRefusalOf(template, 'story')).toBeNull();
    expect(gifRefusalOf(template)).toBeNull();
  });

  it('is the wording of POST /gif’s refusal of a canvas template too', () => {
    const template = templateRow({ html: null, fabricJSData: canvasDocument() });
    let thrown: unknown;
    try {
      templatePage(template, { variables: {} });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProblemError);
    expect((thrown as ProblemError).status).toBe(400);
    expect((thrown as ProblemError).detail).toContain(canvasGifRefusal(template).message);
  });
});
