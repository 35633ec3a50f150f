import { templateRenderRequest } from '../src/pages/templates/template-render-request.js';

describe('templateRenderRequest', () => {
  const choice = { uid: 'tpl_1', variables: { title: 'Hi' }, layout: 'default', size: { width: 300, height: 200 } };

  it('sends images to POST /image with the format and the layout, GIFs with their size, PDFs by template', () => {
    expect(templateRenderRequest({ ...choice, format: 'webp' })).toEqual({
      path: '/image',
      body: { template: 'tpl_1', variables: { title: 'Hi' }, fileExtension: 'webp' },
    });
    expect(templateRenderRequest({ ...choice, format: 'png', layout: 'square' }).body).toMatchObject({ layout: 'square' });
    expect(templateRenderRequest({ ...choice, format: 'gif' })).toEqual({
      path: '/gif',
      body: { template: 'tpl_1', variables: { title: 'Hi' }, width: 300, height: 200 },
    });
    expect(templateRenderRequest({ ...choice, format: 'pdf' })).toEqual({
      path: '/pdf/render',
      body: { template: 'tpl_1', variables: { title: 'Hi' } },
    });
  });
});
