/**
 * SubRip (SRT) and WebVTT parsing: cues with start and end in seconds and their text without
 * markup. Pure and strict about timings (a caption at the wrong time is worse than an error), lenient
 * about everything a player ignores (cue numbers, settings, NOTE/STYLE/REGION blocks, BOM, CRLF).
 */

export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

export interface SubtitleError {
  /** 1-based line of the subtitle text. */
  line: number;
  message: string;
}

export type SubtitleParse = { ok: true; cues: SubtitleCue[] } | { ok: false; errors: SubtitleError[] };

export type SubtitleFormat = 'srt' | 'vtt';

/** hh:mm:ss,mmm (SRT; a `.` is accepted too) or [hh:]mm:ss.mmm (VTT). */
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/;
const VTT_TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function secondsOf(stamp: string, format: SubtitleFormat): number | null {
  const match = (format === 'srt' ? SRT_TIME : VTT_TIME).exec(stamp.trim());
  if (!match) return null;
  const [, h, m, s, ms] = match;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms!.padEnd(3, '0')) / 1000;
}

/** Tags (`<b>`, `<i>`, `<c.yellow>`, `<v Speaker>`, `<00:00:01.000>`) and the few entities subtitles use. */
function plainText(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

const exampleOf = (format: SubtitleFormat) => (format === 'srt' ? '00:00:01,000 --> 00:00:02,500' : '00:01.000 --> 00:02.500');

/** Parse SRT or WebVTT text into cues in time order; every malformed timing is reported with its line. */
export function parseSubtitles(text: string, format: SubtitleFormat): SubtitleParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const errors: SubtitleError[] = [];
  const cues: SubtitleCue[] = [];
  let i = 0;
  if (format === 'vtt') {
    if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
      return { ok: false, errors: [{ line: 1, message: 'A WebVTT file starts with the line `WEBVTT`.' }] };
    }
    // The header runs to the first blank line.
    while (i < lines.length && lines[i]!.trim() !== '') i++;
  }
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++;
    if (i >= lines.length) break;
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') block.push(lines[i++]!);
    if (format === 'vtt' && /^(?:NOTE|STYLE|REGION)(?:\s|$)/.test(block[0]!)) continue;
    // An optional identifier (the SRT cue number, a VTT cue id) before the timing line.
    const timingAt = block[0]!.includes('-->') ? 0 : 1;
    const timing = block[timingAt];
    const line = blockStart + timingAt + 1;
    if (timing === undefined || !timing.includes('-->')) {
      errors.push({ line, message: `Expected a timing line such as \`${exampleOf(format)}\`.` });
      continue;
    }
    const [from, rest = ''] = timing.split('-->');
    // VTT cue settings (`align:start position:10%`) follow the end time.
    const to = rest.trim().split(/\s+/)[0] ?? '';
    const start = secondsOf(from!, format);
    const end = secondsOf(to, format);
    if (start === null || end === null) {
      errors.push({ line, message: `\`${timing.trim()}\` is not a timing; expected \`${exampleOf(format)}\`.` });
      continue;
    }
    if (end <= start) {
      errors.push({ line, message: `The cue ends (${to}) before it starts (${from!.trim()}).` });
      continue;
    }
    const cueText = plainText(block.slice(timingAt + 1));
    if (cueText !== '') cues.push({ start, end, text: cueText });
  }
  if (errors.length > 0) return { ok: false, errors };
  if (cues.length === 0)
    return {
      ok: false,
      errors: [{ line: 1, message: `No cues found: each cue is a timing line (\`${exampleOf(format)}\`) and its text.` }],
    };
  cues.sort((a, b) => a.start - b.start);
  return { ok: true, cues };
}

/** Which format a subtitle text (or URL) is: VTT when it says `WEBVTT` or its path ends in `.vtt`, else SRT. */
export function sniffSubtitleFormat(value: string): SubtitleFormat {
  const head = value.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('WEBVTT')) return 'vtt';
  if (/^https?:\/\/\S+$/i.test(value.trim()) && /\.vtt(?:[?#].*)?$/i.test(value.trim())) return 'vtt';
  return 'srt';
}
