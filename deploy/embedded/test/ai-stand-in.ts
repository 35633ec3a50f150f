import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OpenAI-compatible chat completions stand-in: answers from a script, records what it was asked. */
export async function startAiStandIn(): Promise<{
  baseUrl: string;
  answers: string[];
  requests: Array<{ authorization: string | undefined; body: any }>;
  close(): Promise<void>;
}> {
  const answers: string[] = [];
  const requests: Array<{ authorization: string | undefined; body: any }> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
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
    close: () => new Promise((r) => server.close(() => r())),
  };
}
