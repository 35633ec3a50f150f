import { z } from 'zod';

/**
 * Captions from speech and from subtitle files (docs/video.md "Captions", docs/adr/0043): the
 * transcription endpoint's body and answer, and where a timeline `caption` clip takes its cues from.
 * Times are seconds: of the source for a transcription, of the clip (counted from its `from`) in a
 * caption clip.
 */

/** AI credits per started minute of speech, counted to the end of the last spoken word (silence is free). */
export const TRANSCRIPTION_AI_COST_PER_MINUTE = 1;

/** The AI credits a transcription costs: minutes rounded up to the last spoken word's end; nothing without speech. */
export function transcriptionAiCost(lastWordEndSeconds: number): number {
  if (!(lastWordEndSeconds > 0)) return 0;
  return Math.ceil(lastWordEndSeconds / 60) * TRANSCRIPTION_AI_COST_PER_MINUTE;
}

export const CAPTION_LIMITS = {
  /** Words of one transcription or caption clip (about an hour of speech). */
  maxWords: 20_000,
  maxCues: 5_000,
  /** SRT / VTT text given inline (or fetched from a URL). */
  maxSubtitleBytes: 512 * 1024,
  maxWordsPerCue: 50,
  /** Largest audio/video file sent to the transcription provider (OpenAI's own limit is 25 MB). */
  maxSourceBytes: 25 * 1024 * 1024,
} as const;

const seconds = z
  .number()
  .min(0)
  .max(24 * 3600);
const url = z.string().min(1).max(10_000);

/** One spoken (or displayed) word with when it starts and ends, in seconds. */
export const CaptionWord = z.object({ text: z.string().min(1).max(200), start: seconds, end: seconds }).strict();
export type CaptionWord = z.infer<typeof CaptionWord>;

/** One caption on screen from `start` to `end`; `words` give the highlight timing (spread over the cue when absent). */
export const CaptionCue = z
  .object({ start: seconds, end: seconds, text: z.string().max(2_000), words: z.array(CaptionWord).max(500).optional() })
  .strict();
export type CaptionCue = z.infer<typeof CaptionCue>;

/** A language hint for the provider (ISO 639-1, e.g. `en`); detected when absent. */
const language = z
  .string()
  .regex(/^[a-z]{2,3}$/, 'language is an ISO 639-1 code such as `en`.')
  .optional();

/**
 * POST /video/captions/transcribe: `src` is an audio or video URL (fetched through the SSRF guard),
 * or `template` + `clip` names an audio or video clip of one of the caller's timeline templates.
 */
export const TranscribeRequest = z
  .object({
    src: url.optional(),
    template: z.string().min(1).max(100).optional(),
    /** `tracks.<t>.clips.<c>` of `template`: an audio or video clip (or `soundtrack`). */
    clip: z
      .string()
      .regex(/^(?:tracks\.\d+\.clips\.\d+|soundtrack)$/, 'clip is `tracks.<t>.clips.<c>` or `soundtrack`.')
      .optional(),
    language,
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.src === undefined) === (body.template === undefined))
      ctx.addIssue({ code: 'custom', path: ['src'], message: 'Give `src` (a URL) or `template` and `clip`, not both.' });
    if (body.template !== undefined && body.clip === undefined)
      ctx.addIssue({ code: 'custom', path: ['clip'], message: 'Name the clip of the template to transcribe (`tracks.0.clips.1`).' });
    if (body.template === undefined && body.clip !== undefined)
      ctx.addIssue({ code: 'custom', path: ['template'], message: '`clip` needs the `template` it belongs to.' });
  });
export type TranscribeRequest = z.infer<typeof TranscribeRequest>;

/** The answer: word-timed speech, ready to paste into a caption clip as `captions: { words }`. */
export const TranscribeResult = z.object({
  words: z.array(CaptionWord),
  text: z.string(),
  language: z.string().nullable(),
  /** Length of the source as the provider measured it. */
  durationSeconds: z.number(),
  /** The end of the last spoken word: what was billed. */
  speechSeconds: z.number(),
  aiCreditsSpent: z.number().int(),
});
export type TranscribeResult = z.infer<typeof TranscribeResult>;

/**
 * Where a caption clip's cues come from: speech (`transcribe`, an AI operation charged per minute
 * at render time), subtitle text or a URL of it (`srt`, `vtt`), words from the transcription
 * endpoint (`words`) or cues as they are (`cues`). A clip's `variable` replaces it per render
 * (a string: SRT or VTT text, or a URL of one).
 */
export const CaptionSource = z.union([
  z.object({ transcribe: z.object({ src: url, language }).strict() }).strict(),
  z.object({ srt: z.string().min(1).max(CAPTION_LIMITS.maxSubtitleBytes) }).strict(),
  z.object({ vtt: z.string().min(1).max(CAPTION_LIMITS.maxSubtitleBytes) }).strict(),
  z.object({ words: z.array(CaptionWord).min(1).max(CAPTION_LIMITS.maxWords) }).strict(),
  z.object({ cues: z.array(CaptionCue).max(CAPTION_LIMITS.maxCues) }).strict(),
]);
export type CaptionSource = z.infer<typeof CaptionSource>;
