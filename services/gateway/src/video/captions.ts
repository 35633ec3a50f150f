import { CAPTION_LIMITS, transcriptionAiCost, type CaptionWord } from '@pressroom/contracts';
import { assertAiCreditsAvailable, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { BlockedUrlError, GuardedFetchError, UnresolvableHostError, type SsrfGuard } from '@pressroom/ssrf';
import { resolveCaptions, transcriptionsOf, type ResolvedTimeline } from '@pressroom/video';
import { transcribe, type Transcript } from '../ai/transcription.js';
import type { AiProvider } from '../ai/chat-completion.js';
import { withAiQuotaProblem } from '../http/quota-problem.js';

export interface CaptionDeps {
  db: Db;
  guard: SsrfGuard;
  ai: AiProvider | null;
}

/** How long fetching one audio source or subtitle file may take. */
const SOURCE_TIMEOUT_MS = 60_000;

export function aiNotConfigured(): ProblemError {
  return new ProblemError('ai-not-configured', {
    detail: 'This server has no AI provider configured (PRESSROOM_AI_BASE_URL, PRESSROOM_AI_API_KEY).',
  });
}

/** Why a guarded fetch failed, in a sentence for the field's error. */
function fetchFailure(error: unknown, maxBytes: number): string {
  if (error instanceof BlockedUrlError || error instanceof UnresolvableHostError) return `The source is not allowed: ${error.detail}`;
  if (error instanceof GuardedFetchError)
    return error.code === 'too-large'
      ? `The source is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`
      : `The source could not be fetched: ${error.detail}`;
  throw error;
}

/**
 * The audio of `src`, fetched through the SSRF guard (after DNS, on every redirect) and capped at
 * the provider's 25 MB; a failure is a 422 `invalid-media` naming `field`.
 */
async function fetchAudio(guard: SsrfGuard, src: string, field: string) {
  const maxBytes = CAPTION_LIMITS.maxSourceBytes;
  let message: string;
  try {
    const res = await guard.fetch(src, { maxBytes, timeoutMs: SOURCE_TIMEOUT_MS });
    if (res.ok) {
      const name = new URL(res.url).pathname.split('/').pop() || 'audio';
      return { audio: res.body, fileName: name, contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
    }
    message = `The source answered HTTP ${res.status}.`;
  } catch (error) {
    message = fetchFailure(error, maxBytes);
  }
  throw new ProblemError('invalid-media', { detail: `The audio source cannot be used: ${message}`, errors: [{ field, message }] });
}

/** Speech of an audio or video URL; the AI provider must be configured (501 otherwise). Nothing is charged here. */
export async function transcribeSource(
  deps: CaptionDeps,
  input: { src: string; language?: string | undefined; field: string },
): Promise<Transcript> {
  if (!deps.ai) throw aiNotConfigured();
  const audio = await fetchAudio(deps.guard, input.src, input.field);
  return transcribe(deps.ai, { ...audio, language: input.language });
}

/** The end of the last spoken word: what a transcription is billed to. */
export const speechSeconds = (words: CaptionWord[]) => Math.max(0, ...words.map((w) => w.end));

/** Subtitle text at a URL, through the guard, at most the subtitle size limit. */
async function fetchSubtitles(guard: SsrfGuard, url: string): Promise<string | { error: string }> {
  try {
    const res = await guard.fetch(url, { maxBytes: CAPTION_LIMITS.maxSubtitleBytes, timeoutMs: SOURCE_TIMEOUT_MS });
    return res.ok ? res.text() : { error: `The subtitles URL answered HTTP ${res.status}.` };
  } catch (error) {
    return { error: fetchFailure(error, CAPTION_LIMITS.maxSubtitleBytes) };
  }
}

/**
 * A bound timeline with its caption clips resolved to cues (docs/video.md "Captions"). Captions
 * from speech need the AI provider (501) and AI credits (checked before: one per transcription, at
 * least a minute each); `aiCredits` is what the caller spends once the render has succeeded.
 */
export async function resolveRenderCaptions(
  deps: CaptionDeps,
  input: { ownerId: string; project: ResolvedTimeline; fieldOf: (path: string) => string },
): Promise<{ project: ResolvedTimeline; aiCredits: number }> {
  const transcriptions = transcriptionsOf(input.project);
  if (transcriptions.length > 0) {
    if (!deps.ai) throw aiNotConfigured();
    await withAiQuotaProblem(() => assertAiCreditsAvailable(deps.db, { ownerId: input.ownerId, needed: transcriptions.length }));
  }
  let aiCredits = 0;
  // Two caption clips of the same source (and language) are one transcription, charged once.
  const heard = new Map<string, Promise<CaptionWord[]>>();
  const project = await resolveCaptions(input.project, {
    fieldOf: input.fieldOf,
    fetchText: ({ url }) => fetchSubtitles(deps.guard, url),
    transcribe: ({ src, language, field }) => {
      const key = `${language ?? ''} ${src}`;
      let words = heard.get(key);
      if (!words) {
        words = transcribeSource(deps, { src, language, field }).then((transcript) => {
          aiCredits += transcriptionAiCost(speechSeconds(transcript.words));
          return transcript.words;
        });
        heard.set(key, words);
      }
      return words;
    },
  });
  return { project, aiCredits };
}
