import { renderDownloadNames } from './render-download.js';

describe('the names a render is saved under', () => {
  const render = { id: 'img_abc', storageKey: 'renders/img_abc.jpg', format: 'jpeg' };

  it('is the id with the stored file’s extension, after the template’s name in the readable one', () => {
    expect(renderDownloadNames(render, 'Course certificate')).toEqual({
      ascii: 'img_abc.jpg',
      readable: 'Course certificate-img_abc.jpg',
    });
  });

  it('is the id alone for a render of no template, or of one whose name leaves nothing usable', () => {
    expect(renderDownloadNames(render, null)).toEqual({ ascii: 'img_abc.jpg', readable: 'img_abc.jpg' });
    expect(renderDownloadNames(render, ' / ')).toEqual({ ascii: 'img_abc.jpg', readable: 'img_abc.jpg' });
  });

  it('keeps a template name safe for a file system, and short', () => {
    expect(renderDownloadNames(render, 'Q3: "final"/v2').readable).toBe('Q3- -final-v2-img_abc.jpg');
    expect(renderDownloadNames(render, 'n'.repeat(80)).readable).toBe(`${'n'.repeat(60)}-img_abc.jpg`);
  });

  it('falls back to the format when the key has no extension', () => {
    expect(renderDownloadNames({ id: 'pdf_1', storageKey: null, format: 'pdf' }, null).ascii).toBe('pdf_1.pdf');
  });
});
