import { GIF_DEFAULT_SETTINGS } from '../src/pages/render-settings/gif-settings.js';
import { TEMPLATE_PAPER, type PaperChoice } from '../src/pages/render-settings/paper-choice.js';
import { templateRenderRequest } from '../src/pages/templates/template-render-request.js';

describe('templateRenderRequest', () => {
  const choice = {
    uid: 'tpl_1',
    variables: { title: 'Hi' },
    layout: 'default',
    size: { width: 300, height: 200 },
    printsOnPaper: false,
    gif: GIF_DEFAULT_SETTINGS,
  };

  it('sends images to POST /image with the format and the layout, GIFs with their size, quality and seconds', () => {
    expect(templateRenderRequest({ ...choice, format: 'webp' })).toEqual({
      path: '/image',
      body: { template: 'tpl_1', variables: { title: 'Hi' }, fileExtension: 'webp' },
    });
    expect(templateRenderRequest({ ...choice, format: 'png', layout: 'square' }).body).toMatchObject({ layout: 'square' });
    expect(templateRenderRequest({ ...choice, format: 'gif' })).toEqual({
      path: '/gif',
      body: { template: 'tpl_1', variables: { title: 'Hi' }, width: 300, height: 200, quality: 'medium' },
    });
    expect(templateRenderRequest({ ...choice, format: 'gif', gif: { quality: 'low', seconds: ' 1.5 ' } }).body).toMatchObject({
      quality: 'low',
      frameDurationSeconds: 1.5,
    });
    // The GIF settings belong to the GIF alone.
    expect(templateRenderRequest({ ...choice, format: 'png', gif: { quality: 'low', seconds: '2' } }).body).not.toHaveProperty('quality');
  });

  it('prints an image template on a page of its own size, a PDF template on its paper, each layout its own design', () => {
    expect(templateRenderRequest({ ...choice, format: 'pdf' })).toEqual({
      path: '/templates/tpl_1/render',
      body: { format: 'pdf', variables: { title: 'Hi' }, width: 300, height: 200 },
    });
    expect(templateRenderRequest({ ...choice, format: 'pdf', printsOnPaper: true, layout: 'square' })).toEqual({
      path: '/templates/tpl_1/render',
      body: { format: 'pdf', variables: { title: 'Hi' }, layout: 'square' },
    });
  });

  it('sends a chosen paper as the page’s width and height in pixels, over the template’s own', () => {
    const pdf = (paper: PaperChoice, printsOnPaper = true) =>
      templateRenderRequest({ ...choice, format: 'pdf', printsOnPaper, paper }).body;
    // Letter landscape: 792 × 612 pt once the API turns the pixels into points.
    expect(pdf({ preset: 'Letter', landscape: true })).toEqual({ format: 'pdf', variables: { title: 'Hi' }, width: 1056, height: 816 });
    // Turned as the 300 × 200 design until an orientation is chosen.
    expect(pdf({ preset: 'A4', landscape: null })).toMatchObject({ width: 1123, height: 794 });
    expect(pdf({ preset: 'A4', landscape: false })).toMatchObject({ width: 794, height: 1123 });
    // The template's own paper: nothing sent when it has one, the design's size when it has none.
    expect(pdf(TEMPLATE_PAPER)).not.toHaveProperty('width');
    expect(pdf(TEMPLATE_PAPER, false)).toMatchObject({ width: 300, height: 200 });
    // An image ignores the paper.
    expect(templateRenderRequest({ ...choice, format: 'png', paper: { preset: 'A3', landscape: true } }).body).not.toHaveProperty('width');
  });
});
