import { parseSubtitles, sniffSubtitleFormat } from './subtitles.js';

describe('parseSubtitles', () => {
  it('reads SRT: numbered cues, CRLF, a BOM, markup stripped, times in seconds, in time order', () => {
    const srt =
      '\uFEFF2\r\n00:00:03,500 --> 00:00:05,000\r\nsecond <i>line</i>\r\n\r\n1\r\n00:00:01,000 --> 00:00:02,250\r\nHello\r\nworld &amp; all\r\n';
    expect(parseSubtitles(srt, 'srt')).toEqual({
      ok: true,
      cues: [
        { start: 1, end: 2.25, text: 'Hello\nworld & all' },
        { start: 3.5, end: 5, text: 'second line' },
      ],
    });
  });

  it('reads WebVTT: header text, NOTE and STYLE blocks, cue ids, settings, short timestamps, voice tags', () => {
    const vtt = [
      'WEBVTT - made by hand',
      'Kind: captions',
      '',
      'NOTE a comment',
      'over two lines',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'intro',
      '00:01.000 --> 00:02.500 align:start position:10%',
      '<v Ann>Hello <00:01.500>there</v>',
      '',
      '01:00:00.000 --> 01:00:01.000',
      'an hour in',
    ].join('\n');
    expect(parseSubtitles(vtt, 'vtt')).toEqual({
      ok: true,
      cues: [
        { start: 1, end: 2.5, text: 'Hello there' },
        { start: 3600, end: 3601, text: 'an hour in' },
      ],
    });
  });

  it('names the line of each bad timing, a cue that ends before it starts, and a missing WEBVTT header', () => {
    const srt =
      '1\n00:00:01,000 -> 00:00:02,000\nno arrow\n\n2\n00:00:0x,000 --> 00:00:02,000\nbad digit\n\n3\n00:00:05,000 --> 00:00:04,000\nbackwards\n';
    const parsed = parseSubtitles(srt, 'srt');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.line)).toEqual([2, 6, 10]);
    expect(parsed.errors[0]!.message).toMatch(/timing line/);
    expect(parsed.errors[1]!.message).toMatch(/not a timing/);
    expect(parsed.errors[2]!.message).toMatch(/ends .* before it starts/);
    expect(parseSubtitles('00:01.000 --> 00:02.000\nhi', 'vtt')).toEqual({
      ok: false,
      errors: [{ line: 1, message: expect.stringMatching(/WEBVTT/) }],
    });
  });

  it('refuses text with no cues at all', () => {
    const parsed = parseSubtitles('just some words\n', 'srt');
    expect(parsed.ok).toBe(false);
    expect(parseSubtitles('WEBVTT\n', 'vtt')).toMatchObject({ ok: false, errors: [{ message: expect.stringMatching(/No cues/) }] });
  });

  it('tells VTT from SRT by the header or a .vtt URL', () => {
    expect(sniffSubtitleFormat('WEBVTT\n\n00:01.000 --> 00:02.000\nx')).toBe('vtt');
    expect(sniffSubtitleFormat('https://cdn.example.com/subs/en.vtt?v=2')).toBe('vtt');
    expect(sniffSubtitleFormat('https://cdn.example.com/subs/en.srt')).toBe('srt');
    expect(sniffSubtitleFormat('1\n00:00:01,000 --> 00:00:02,000\nx')).toBe('srt');
  });
});
