import { kindAndFormat } from '../src/pages/renders/render-facts.js';

describe('kindAndFormat: a render list row says kind and format as the render page writes them', () => {
  it('names the kind and the format in the dashboard’s words', () => {
    expect(kindAndFormat({ kind: 'image', format: 'png' })).toBe('Image · PNG');
    expect(kindAndFormat({ kind: 'image', format: 'webp' })).toBe('Image · WebP');
    expect(kindAndFormat({ kind: 'video', format: 'mp4' })).toBe('Video · MP4');
  });

  it('says a PDF’s or a GIF’s kind once, since it is its format', () => {
    expect(kindAndFormat({ kind: 'pdf', format: 'pdf' })).toBe('PDF');
    expect(kindAndFormat({ kind: 'gif', format: 'gif' })).toBe('GIF');
  });

  it('keeps a kind or format it has no word for as the API sent it', () => {
    expect(kindAndFormat({ kind: 'image', format: 'avif' })).toBe('Image · avif');
  });
});
