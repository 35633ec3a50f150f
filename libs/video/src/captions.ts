import type { CaptionCue, CaptionSource, CaptionWord } from '@pressroom/contracts';
import { ProblemError, type FieldError } from '@pressroom/problem';
import { parseSubtitles, sniffSubtitleFormat, type SubtitleFormat } from './subtitles.js';
import type { ResolvedTimeline } from './timeline-project.js';

/** A cue as the render bundle draws it: always with word timings (the highlight follows them). */
export type TimedCue = CaptionCue & { words: CaptionWord[] };

/** A gap in speech this long (seconds) starts a new cue, however few words the current one has. */
const CUE_BREAK_GAP = 1;

/**
 * Cues from word timings: at most `wordsPerCue` words each, a new cue after a sentence ends or a
 * pause of a second; each cue lasts from its first word's start to its last word's end.
 */
export function cuesFromWords(words: CaptionWord[], wordsPerCue: number): TimedCue[] {
  const sorted = [...words].sort((a, b) => a.start - b.start);
  const cues: TimedCue[] = [];
  let current: CaptionWord[] = [];
  const flush = () => {
    if (current.length === 0) return;
    cues.push({
      start: current[0]!.start,
      end: Math.max(...current.map((w) => w.end)),
      text: current.map((w) => w.text).join(' '),
      words: current,
    });
    current = [];
  };
  for (const word of sorted) {
    const previous = current[current.length - 1];
    if (previous && (current.length >= wordsPerCue || word.start - previous.end >= CUE_BREAK_GAP || /[.!?]$/.test(previous.text))) flush();
    current.push(word);
  }
  flush();
  return cues;
}

/**
 * Word timings for a cue that has none (SRT, VTT): its time shared among its words by their
 * length, so the highlight moves at about the pace of speech.
 */
export function spreadWords(cue: { start: number; end: number; text: string }): CaptionWord[] {
  const texts = cue.text.split(/\s+/).filter((t) => t !== '');
  const total = texts.reduce((sum, t) => sum + t.length + 1, 0);
  let at = cue.start;
  return texts.map((text) => {
    const length = ((text.length + 1) / total) * (cue.end - cue.start);
    const word = { text, start: at, end: at + length };
    at += length;
    return word;
  });
}

/** A caption source as a variable gives it: subtitle text or a URL of one becomes `{srt}` or `{vtt}`. */
export function captionSourceOfValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return { [sniffSubtitleFormat(value)]: value };
}

const isUrl = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

export interface CaptionResolvers {
  /** Speech of `src` as words (seconds of the source); throws a ProblemError (no speech, provider failure, bad source). */
  transcribe(input: { src: string; language?: string | undefined; field: string }): Promise<CaptionWord[]>;
  /** The text at a subtitle URL (through the SSRF guard); a failure throws a ProblemError or returns `{ error }`. */
  fetchText(input: { url: string; field: string }): Promise<string | { error: string }>;
  /** `projectJson.<path>` or `variables.<name>` for a clip's `captions` path. */
  fieldOf(path: string): string;
}

/** Cues of one source, or the reasons it has none. */
async function cuesOf(
  source: CaptionSource,
  wordsPerCue: number,
  field: string,
  resolvers: CaptionResolvers,
): Promise<TimedCue[] | FieldError[]> {
  if ('cues' in source) return source.cues.map((cue) => ({ ...cue, words: cue.words ?? spreadWords(cue) }));
  if ('words' in source) return cuesFromWords(source.words, wordsPerCue);
  if ('transcribe' in source)
    return cuesFromWords(
      await resolvers.transcribe({ src: source.transcribe.src, language: source.transcribe.language, field }),
      wordsPerCue,
    );
  const format: SubtitleFormat = 'srt' in source ? 'srt' : 'vtt';
  let text = 'srt' in source ? source.srt : source.vtt;
  if (isUrl(text)) {
    const fetched = await resolvers.fetchText({ url: text.trim(), field });
    if (typeof fetched !== 'string') return [{ field, message: fetched.error }];
    text = fetched;
  }
  const parsed = parseSubtitles(text, format);
  if (!parsed.ok) return parsed.errors.map((e) => ({ field, message: `${format.toUpperCase()} line ${e.line}: ${e.message}` }));
  return parsed.cues.map((cue) => ({ ...cue, words: spreadWords(cue) }));
}

/**
 * Every caption clip of a bound project with its cues in place (`captions: { cues }`, each cue
 * with word timings), its `variable` and `captions` binding removed (the value is resolved: binding
 * it again would undo that). Subtitles that do not parse or cannot be fetched are one 422
 * `invalid-captions` with an error per clip; a transcription's own problems (no speech, provider
 * failure) propagate as they are.
 */
export async function resolveCaptions(project: ResolvedTimeline, resolvers: CaptionResolvers): Promise<ResolvedTimeline> {
  const errors: FieldError[] = [];
  const tracks = [];
  for (const [t, track] of project.tracks.entries()) {
    const clips = [];
    for (const [c, clip] of track.clips.entries()) {
      if (clip.type !== 'caption') {
        clips.push(clip);
        continue;
      }
      const field = resolvers.fieldOf(`tracks.${t}.clips.${c}.captions`);
      const result = clip.captions ? await cuesOf(clip.captions, clip.wordsPerCue, field, resolvers) : [];
      const { variable: _variable, bind, ...rest } = clip;
      const keptBind = bind ? Object.fromEntries(Object.entries(bind).filter(([property]) => property !== 'captions')) : undefined;
      const cues = result.length > 0 && 'field' in result[0]! ? (errors.push(...(result as FieldError[])), []) : (result as TimedCue[]);
      clips.push({ ...rest, ...(keptBind && Object.keys(keptBind).length > 0 ? { bind: keptBind } : {}), captions: { cues } });
    }
    tracks.push({ ...track, clips });
  }
  if (errors.length > 0)
    throw new ProblemError('invalid-captions', {
      detail: `Captions cannot be read: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`.slice(0, 2_000),
      errors,
    });
  return { ...project, tracks };
}

/** Whether a project has captions that need an AI transcription (to check AI credits before anything runs). */
export function transcriptionsOf(project: ResolvedTimeline): Array<{ path: string; src: string }> {
  return project.tracks.flatMap((track, t) =>
    track.clips.flatMap((clip, c) =>
      clip.type === 'caption' && clip.captions && 'transcribe' in clip.captions
        ? [{ path: `tracks.${t}.clips.${c}.captions`, src: clip.captions.transcribe.src }]
        : [],
    ),
  );
}
