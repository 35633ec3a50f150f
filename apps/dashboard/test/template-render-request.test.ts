import { GIF_DEFAULT_SETTINGS } from '../src/pages/render-settings/gif-settings.js';
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
});
