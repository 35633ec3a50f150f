import { attachmentDisposition, fileNamePart } from './content-disposition.js';

describe('Content-Disposition of a file to save', () => {
  it('gives the ASCII name as filename and the readable one, UTF-8 percent-encoded, as filename*', () => {
    expect(attachmentDisposition('img_1.png', 'Zoë’s (final) card-img_1.png')).toBe(
      `attachment; filename="img_1.png"; filename*=UTF-8''Zo%C3%AB%E2%80%99s%20%28final%29%20card-img_1.png`,
    );
  });

  it('never lets a quote, a backslash or a non-ASCII character into the quoted filename', () => {
    expect(attachmentDisposition('a"b\\c\u00e9.png', 'x.png')).toBe(`attachment; filename="a_b_c_.png"; filename*=UTF-8''x.png`);
  });
});

describe('a part of a file name', () => {
  it('replaces what file systems refuse, trims dots and spaces at the ends and cuts at the maximum', () => {
    expect(fileNamePart('A/B: "final" <v2>?', 60)).toBe('A-B- -final- -v2');
    expect(fileNamePart('..hidden.', 60)).toBe('hidden');
    // A tab is a control character: a hyphen, as a slash is.
    expect(fileNamePart('  two   spaces\tand a tab ', 60)).toBe('two spaces-and a tab');
    expect(fileNamePart(' / ', 60)).toBe('');
    expect(fileNamePart('x'.repeat(100), 60)).toBe('x'.repeat(60));
  });
});
