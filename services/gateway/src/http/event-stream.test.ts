import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { drainableServer } from '@pressroom/service-runner';
import { waitFor } from '@pressroom/testing';
import { openEventStream } from './event-stream.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An app whose `/count` streams `tick` events every 50 ms until the stream ends, recording how its producer ended. */
async function counting() {
  const producers: Array<{ ticks: number; stopped: boolean }> = [];
  const app = express();
  app.get('/count', async (req, res) => {
    const stream = openEventStream(req, res);
    const producer = { ticks: 0, stopped: false };
    producers.push(producer);
    do stream.send('tick', JSON.stringify({ n: ++producer.ticks }));
    while (await stream.pause(50));
    producer.stopped = true;
    stream.end();
  });
  const server = createServer(app);
  const api = drainableServer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, api, port: (server.address() as AddressInfo).port, producers };
}

/** Opens `/count` and collects what arrives until the stream ends. */
function open(port: number): Promise<{ res: IncomingMessage; body: () => string; ended: Promise<number> }> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/count' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      resolve({ res, body: () => body, ended: new Promise((done) => res.on('end', () => done(Date.now()))) });
    })
      .on('error', reject)
      .end();
  });
}

describe('openEventStream (the batch progress stream)', () => {
  it('streams with the event-stream headers while the client listens, and its producer stops as soon as the client leaves', async () => {
    const { server, port, producers } = await counting();
    try {
      const { res, body } = await open(port);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      // Waits for the ticks, not a fixed 400 ms: on a loaded machine a stall lets the wait's timer fire before the
      // producer's.
      await waitFor(() => producers[0]!.ticks >= 4 && body().includes('data: {"n":2}'), 'four ticks, two of them received');
      expect(body().startsWith('event: tick\ndata: {"n":1}\n\nevent: tick\ndata: {"n":2}\n\n')).toBe(true);

      res.destroy();
      await waitFor(() => producers[0]!.stopped, 'the producer to stop');
      const { ticks } = producers[0]!;
      await sleep(200);
      expect(producers[0]!.ticks).toBe(ticks);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('ends when the server drains: a retry hint for the EventSource after the events, the producer stopped', async () => {
    const { server, api, port, producers } = await counting();
    try {
      const { body, ended } = await open(port);
      await waitFor(() => body().includes('event: tick'), 'a tick');
      const drainedAt = Date.now();
      await expect(api.drain(320_000)).resolves.toEqual({ cut: 0 });
      // At once, not at the 320 s grace (the bound leaves room for a loaded machine's stall).
      expect((await ended) - drainedAt).toBeLessThan(10_000);
      expect(body()).toMatch(/^(event: tick\ndata: \{"n":\d+\}\n\n)+: the server is shutting down; reconnect\nretry: 1000\n\n$/);
      expect(producers[0]!.stopped).toBe(true);
    } finally {
      server.closeAllConnections();
    }
  });
});
