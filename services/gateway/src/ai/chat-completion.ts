import { ProblemError } from '@pressroom/problem';

/** An OpenAI-compatible chat completions endpoint (PRESSROOM_AI_BASE_URL, _API_KEY, _MODEL). */
export interface AiProvider {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The model of `POST /audio/transcriptions` (PRESSROOM_AI_TRANSCRIPTION_MODEL; default `whisper-1`). */
  transcriptionModel?: string;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One chat completion; any failure (no answer in time, an HTTP error, no content) is a 502 ai-generation-failed. */
export async function complete(provider: AiProvider, messages: ChatMessage[]): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${provider.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: provider.model, messages, temperature: 0.4 }),
      signal: AbortSignal.timeout(provider.timeoutMs),
    });
  } catch (error) {
    throw new ProblemError('ai-generation-failed', { detail: 'The AI provider did not answer in time.', cause: error });
  }
  if (!res.ok) throw new ProblemError('ai-generation-failed', { detail: `The AI provider answered HTTP ${res.status}.` });
  const body = (await res.json().catch(() => null)) as { choices?: Array<{ message?: { content?: unknown } }> } | null;
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '')
    throw new ProblemError('ai-generation-failed', { detail: 'The AI provider answered without a scene.' });
  return content;
}
