import { ProblemError } from '@pressroom/problem';
import type { AiProvider } from './chat-completion.js';

/** Speech as the provider heard it: words with start and end in seconds of the source. */
export interface Transcript {
  words: Array<{ text: string; start: number; end: number }>;
  text: string;
  language: string | null;
  durationSeconds: number;
}

/** Whisper's model name, what OpenAI-compatible servers (and local whisper servers) answer to by default. */
export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';

type VerboseJson = {
  text?: unknown;
  language?: unknown;
  duration?: unknown;
  words?: Array<{ word?: unknown; start?: unknown; end?: unknown }>;
};

const failed = (detail: string, cause?: unknown) => new ProblemError('ai-transcription-failed', { detail, ...(cause ? { cause } : {}) });

/**
 * One OpenAI-compatible `POST {base}/audio/transcriptions` with `response_format=verbose_json` and
 * `timestamp_granularities[]=word`. No answer within the provider's time-out, an HTTP error or an
 * answer without word timings is a 502 `ai-transcription-failed`; an answer without words is a 422
 * `no_speech`. The caller charges only what returns.
 */
export async function transcribe(
  provider: AiProvider,
  input: { audio: Buffer; fileName: string; contentType: string; language?: string | undefined },
): Promise<Transcript> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(input.audio)], { type: input.contentType }), input.fileName);
  form.append('model', provider.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL);
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'word');
  if (input.language) form.append('language', input.language);
  let res: Response;
  let body: VerboseJson | null;
  try {
    res = await fetch(`${provider.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.apiKey}` },
      body: form,
      signal: AbortSignal.timeout(provider.timeoutMs),
    });
    if (!res.ok) throw failed(`The AI provider answered HTTP ${res.status} to the transcription.`);
    body = (await res.json().catch(() => null)) as VerboseJson | null;
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    throw failed(`The AI provider did not answer the transcription within ${Math.round(provider.timeoutMs / 1000)} s.`, error);
  }
  if (!body || typeof body !== 'object') throw failed('The AI provider answered the transcription without JSON.');
  const words = (Array.isArray(body.words) ? body.words : [])
    .map((w) => ({ text: String(w.word ?? '').trim(), start: Number(w.start), end: Number(w.end) }))
    .filter((w) => w.text !== '' && Number.isFinite(w.start) && Number.isFinite(w.end) && w.end >= w.start && w.start >= 0);
  const text = typeof body.text === 'string' ? body.text.trim() : '';
  if (words.length === 0 && text !== '')
    throw failed('The AI provider answered without word timings (it must support timestamp_granularities[]=word).');
  if (words.length === 0)
    throw new ProblemError('no-speech', {
      code: 'no_speech',
      detail: 'The transcription found no speech in the source. Nothing was charged.',
    });
  return {
    words,
    text: text || words.map((w) => w.text).join(' '),
    language: typeof body.language === 'string' ? body.language : null,
    durationSeconds: Number.isFinite(Number(body.duration)) ? Number(body.duration) : Math.max(...words.map((w) => w.end)),
  };
}
