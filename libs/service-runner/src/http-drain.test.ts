import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@pressroom/telemetry';
import { drainableServer, drainRequests, endWhenDraining } from './http-drain.js';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** A server whose `/wait?ms=N` answers after N ms, with the gateway's 65 s keep-alive. */
async function slowServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
    setTimeout(() => res.end(`waited ${ms}`), ms);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    })
      .on('error', reject)
      .end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('drainableServer (the gateway on SIGTERM)', () => {
  it('stops accepting, finishes the requests in flight with Connection: close, and closes as soon as they are done', async () => {
    const { server, port } = await slowServer();
    const drainable = drainableServer(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    try {
      // An idle kept-alive connection, and two requests in flight.
      expect((await get(port, '/wait?ms=0', agent)).connection).toBe('keep-alive');
      const first = get(port, '/wait?ms=1200', agent);
      const second = get(port, '/wait?ms=600', agent);
      await sleep(150);
      expect(drainable.inFlight()).toBe(2);

      const started = Date.now();
      const drained = drainable.drain(30_000);
      // New connections are refused at once.
      await sleep(50);
      await expect(get(port, '/wait?ms=0', new Agent())).rejects.toThrow(/ECONNREFUSED/);
      // The requests in flight finish, told that their connection closes after them.
      await expect(second).resolves.toEqual({ status: 200, connection: 'close', body: 'waited 600' });
      await expect(first).resolves.toEqual({ status: 200, connection: 'close', body: 'waited 1200' });
      // Done when the last one is, not at the grace nor at the 65 s keep-alive.
      await expect(drained).resolves.toEqual({ cut: 0 });
      // ~1.1 s; waiting for the grace or the idle connection would take 30 or 65 s (room for a loaded machine's stall).
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(server.listening).toBe(false);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });

  it('cuts what still runs when the grace is over, and says how many', async () => {
    const { server, port } = await slowServer();
    const drainable = drainableServer(server);
    const agent = new Agent({ keepAlive: true });
    try {
      const hung = get(port, '/wait?ms=20000', agent);
      hung.catch(() => undefined);
      await sleep(150);
      const started = Date.now();
      await expect(drainable.drain(500)).resolves.toEqual({ cut: 1 });
      // At the 500 ms grace, not when the 20 s request ends (room for a loaded machine's stall).
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(hung).rejects.toThrow(/socket hang up/);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });

  it('ends the long-lived responses (event streams) at once, with their goodbye, while a slow request is answered in full', async () => {
    // `/events` holds its response open until told to end it (the batch progress stream's shape); `/wait` is slow.
    const server = createServer((req, res) => {
      if (req.url === '/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: progress\ndata: 1\n\n');
        endWhenDraining(res, () => res.end('retry: 1000\n\n'));
        return;
      }
      setTimeout(() => res.end('waited 6000'), 6_000);
    });
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const api = drainableServer(server);
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger({ service: 'drain-test', destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    try {
      // A real SSE client request held open, and an ordinary slow request.
      const stream = get(port, '/events', agent).then((answer) => ({ ...answer, at: Date.now() }));
      const slow = get(port, '/wait', agent).then((answer) => ({ ...answer, at: Date.now() }));
      await sleep(200);
      expect({ inFlight: api.inFlight(), longLived: api.longLived() }).toEqual({ inFlight: 2, longLived: 1 });

      const started = Date.now();
      // The gateway's real grace: were the stream waited for, the drain would take 320 s.
      const drained = drainRequests(api, { graceMs: 320_000, logger }).then(() => Date.now());
      const ended = await stream;
      // Ended cleanly (a complete chunked body, not a cut) with its goodbye, at once: not with the drain (the slow
      // request's 5.8 s to go) nor at the grace. The slow request is that slow so that a loaded machine's stall
      // (0.5–2 s; at 1.5 s the bound was 500 ms) stays far from what waiting for it would give.
      expect(ended).toMatchObject({ status: 200, body: 'event: progress\ndata: 1\n\nretry: 1000\n\n' });
      expect(ended.at).toBeLessThan((await slow).at);
      expect(ended.at - started).toBeLessThan(3_000);
      // The slow request still gets its whole answer, and the drain ends with it.
      const answered = await slow;
      expect(answered).toMatchObject({ status: 200, connection: 'close', body: 'waited 6000' });
      // Done when the slow request is (it had 5.8 s to go), not at the grace (320 s).
      const took = (await drained) - started;
      expect(took).toBeGreaterThanOrEqual(5_500);
      expect(took).toBeLessThan(30_000);
      expect(server.listening).toBe(false);
      expect(lines.map(({ msg, requests, streams }) => ({ msg, requests, streams }))).toEqual([
        { msg: 'gateway draining: finishing the requests in flight', requests: 1, streams: 1 },
      ]);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });

  it('ends at once a long-lived response that starts while the drain runs, and cuts one whose ending throws', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (req.url === '/late') {
        // Its handler was still reading (a database query) when the drain began.
        void released.then(() => endWhenDraining(res, () => res.end('bye\n\n')));
        return;
      }
      endWhenDraining(res, () => {
        throw new Error('cannot say goodbye');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const api = drainableServer(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    try {
      const late = get(port, '/late', agent);
      const throwing = get(port, '/throwing', agent);
      throwing.catch(() => undefined);
      await sleep(200);
      const started = Date.now();
      const drained = api.drain(320_000);
      release();
      await expect(late).resolves.toMatchObject({ status: 200, body: 'bye\n\n' });
      await expect(throwing).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
      await expect(drained).resolves.toEqual({ cut: 0 });
      // At once, not at the 320 s grace (room for a loaded machine's stall).
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });

  it('drainRequests (the API stop of the gateway and the embedded process) logs what it waits for and what it cut', async () => {
    const { server, port } = await slowServer();
    const api = drainableServer(server);
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger({ service: 'drain-test', destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
    const agent = new Agent({ keepAlive: true });
    try {
      const finishing = get(port, '/wait?ms=200', agent);
      const hung = get(port, '/wait?ms=20000', agent);
      hung.catch(() => undefined);
      await sleep(150);
      await drainRequests(api, { graceMs: 800, logger });
      await expect(finishing).resolves.toMatchObject({ status: 200, body: 'waited 200' });
      await expect(hung).rejects.toThrow(/socket hang up/);
      expect(lines.map(({ msg, requests, graceMs }) => ({ msg, requests, graceMs }))).toEqual([
        { msg: 'gateway draining: finishing the requests in flight', requests: 2, graceMs: 800 },
        { msg: 'gateway shutdown grace ran out: requests still in flight were cut', requests: 1, graceMs: undefined },
      ]);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });
});
