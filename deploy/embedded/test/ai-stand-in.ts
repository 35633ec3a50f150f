import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in "hears" in an uploaded file (by its name): words with start/end seconds. */
export type StandInSpeech = Array<{ word: string; start: number; end: number }>;

export interface TranscriptionRequest {
  authorization: string | undefined;
  fields: Record<string, string>;
  fileName: string;
  fileBytes: number;
}

/**
 * An OpenAI-compatible stand-in: chat completions answer from a script (`answers`); audio
 * transcriptions (`/audio/transcriptions`, multipart, `verbose_json` with word timestamps) answer
 * the words scripted for the uploaded file's name in `speech`, and no words for any other file (what
 * a provider answers for silence). `hangTranscriptions` makes it never answer a transcription.
 */
export async function startAiStandIn(): Promise<{
  baseUrl: string;
  answers: string[];
  requests: Array<{ authorization: string | undefined; body: any }>;
  speech: Map<string, StandInSpeech>;
  transcriptions: TranscriptionRequest[];
  hangTranscriptions: boolean;
  close(): Promise<void>;
}> {
  const answers: string[] = [];
  const requests: Array<{ authorization: string | undefined; body: any }> = [];
  const speech = new Map<string, StandInSpeech>();
  const transcriptions: TranscriptionRequest[] = [];
  const state = { hangTranscriptions: false };
  const transcribe = async (req: IncomingMessage, raw: Buffer, res: ServerResponse) => {
    const form = await new Request('http://stand-in/', {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type']) },
      body: new Uint8Array(raw),
    }).formData();
    const fields: Record<string, string> = {};
    let file = null as File | null;
    form.forEach((value, name) => {
      if (typeof value === 'string') fields[name] = value;
      else file = value;
    });
    transcriptions.push({ authorization: req.headers.authorization, fields, fileName: file?.name ?? '', fileBytes: file?.size ?? 0 });
    if (state.hangTranscriptions) return; // never answers: the caller's time-out must end it
    if (!file || fields['response_format'] !== 'verbose_json' || fields['timestamp_granularities[]'] !== 'word')
      return res
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"error":{"message":"verbose_json with word timestamps expected"}}');
    const words = speech.get(file.name) ?? [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        task: 'transcribe',
        language: 'english',
        duration: Math.max(3, ...words.map((w) => w.end)),
        text: words.map((w) => w.word).join(' '),
        words,
      }),
    );
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/audio/transcriptions' && req.method === 'POST') {
        transcribe(req, Buffer.concat(chunks), res).catch(() => res.writeHead(400).end());
        return;
      }
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return res.writeHead(404).end();
      requests.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
      const content = answers.shift();
      if (content === undefined)
        return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"no answer scripted"}}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    answers,
    requests,
    speech,
    transcriptions,
    get hangTranscriptions() {
      return state.hangTranscriptions;
    },
    set hangTranscriptions(value: boolean) {
      state.hangTranscriptions = value;
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
