import type { Readable } from 'node:stream';
import type { Browser, CDPSession, Protocol } from 'puppeteer-core';

/**
 * Screenshots (and PDFs printed with `transferMode: 'ReturnAsBase64'`, print-to-pdf.ts) reach us as
 * one DevTools message over the browser's pipe: a JSON answer whose only field is the file in base64
 * (~0.9 MB for the 1200×630 benchmark card). Puppeteer's pipe transport
 * decodes every message as UTF-8 and JSON-parses it, and the caller then decodes the base64: ~3 ms of
 * the API process's CPU per capture, the largest single item of an image render's profile (issue 18).
 *
 * Here the pipe's bytes are read before puppeteer sees them. An answer of exactly that shape on a
 * session registered with `useScreenshotFastPath` has its image cut out of the bytes and decoded from
 * base64 directly (~1 ms); puppeteer receives the same answer with a short token in place of the
 * image, which `answerBytes` exchanges for the bytes. Every other message is passed on unchanged,
 * decoded and delivered exactly as puppeteer's own transport does (one `setImmediate` each, in order).
 *
 * It relies on the pinned puppeteer-core's pipe transport (one 'data' listener on the browser's
 * fourth stdio stream, messages ending in a NUL byte, `Connection.onMessage`): when that is not what
 * it finds, it leaves the transport alone and captures decode base64 as before.
 */

/** Smaller answers are not worth it: the UTF-8 decode and JSON parse of a few KB cost microseconds. */
const MIN_MESSAGE_BYTES = 64 * 1024;
const TOKEN_PREFIX = 'pressroom-bytes:';
/** A token nobody exchanged by then belongs to an abandoned capture (a job that timed out). */
const KEEP_MS = 60_000;
const ANSWER_HEAD = /^\{"id":\d+,"result":\{"data":"/;
const ANSWER_TAIL = /"\},"sessionId":"([0-9A-F]+)"\}$/;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

interface Connection {
  onMessage(message: string): unknown;
}

/** Per browser connection: the sessions whose screenshot answers take the fast path; null when it could not be installed. */
const installed = new WeakMap<object, Set<string> | null>();
/** Decoded images waiting for their caller, by token (in insertion order, so the oldest come first). */
const parked = new Map<string, { bytes: Buffer; at: number }>();
let sequence = 0;

/**
 * Screenshot answers on this session come through the fast path from now on (installed on the
 * browser's pipe the first time). Whoever reads `data` from such an answer must use `answerBytes`.
 * False when the transport is not the one this expects (nothing changed then).
 */
export function useScreenshotFastPath(browser: Browser, cdp: CDPSession): boolean {
  const connection = cdp.connection();
  if (!connection) return false;
  let sessions = installed.get(connection);
  if (sessions === undefined) {
    sessions = install(browser, connection as unknown as Connection);
    installed.set(connection, sessions);
  }
  sessions?.add(cdp.id());
  return sessions !== null;
}

/** The session is going away: its answers are no longer rewritten. */
export function stopScreenshotFastPath(cdp: CDPSession): void {
  const connection = cdp.connection();
  if (connection) installed.get(connection)?.delete(cdp.id());
}

/** `Page.captureScreenshot` on a session, as bytes: every capture of ours goes through here, so none reads a token as base64. */
export async function captureScreenshot(cdp: CDPSession, params: Protocol.Page.CaptureScreenshotRequest): Promise<Buffer> {
  const { data } = await cdp.send('Page.captureScreenshot', params);
  return answerBytes(data);
}

/** The file bytes of a `Page.captureScreenshot` or inline `Page.printToPDF` answer's `data`: a fast-path token or base64. */
export function answerBytes(data: string): Buffer {
  if (!data.startsWith(TOKEN_PREFIX)) return Buffer.from(data, 'base64');
  const entry = parked.get(data);
  parked.delete(data);
  if (!entry) throw new Error('the answer was dropped before it was read');
  return entry.bytes;
}

function install(browser: Browser, connection: Connection): Set<string> | null {
  const pipe = browser.process()?.stdio[4] as Readable | null | undefined;
  if (!pipe || typeof connection.onMessage !== 'function') return null;
  const listeners = pipe.listeners('data');
  if (listeners.length !== 1) return null;
  const original = listeners[0] as (chunk: Buffer) => void;
  pipe.removeListener('data', original);
  const sessions = new Set<string>();
  let pending: Buffer[] = [];
  // Puppeteer's transport may hold the first part of a message when we take over (a pipe read can end
  // anywhere). Until the next NUL its listener gets the bytes, so it finishes that message itself; taking
  // over mid-message was seen to lose the message (a DevTools call that never answered) and deliver ''.
  let handedOver = false;
  pipe.on('data', (received: Buffer) => {
    let chunk = received;
    if (!handedOver) {
      const nul = chunk.indexOf(0);
      if (nul === -1) return original(chunk);
      original(chunk.subarray(0, nul + 1));
      handedOver = true;
      if (nul + 1 === chunk.length) return;
      chunk = chunk.subarray(nul + 1);
    }
    pending.push(chunk);
    if (chunk.indexOf(0) === -1) return;
    const all = pending.length === 1 ? chunk : Buffer.concat(pending);
    let start = 0;
    let end = all.indexOf(0);
    while (end !== -1) {
      // An empty message is no DevTools message: JSON.parse('') would reject inside puppeteer.
      if (end > start) deliver(browser, connection, decodeOrPlain(all, start, end, sessions));
      start = end + 1;
      end = all.indexOf(0, start);
    }
    pending = start >= all.length ? [] : [all.subarray(start)];
  });
  return sessions;
}

/** As puppeteer's own transport does: one `setImmediate` per message, in order; a message it cannot parse is logged, not fatal. */
function deliver(browser: Browser, connection: Connection, message: string): void {
  setImmediate(() => {
    // Puppeteer's transport stops delivering once the connection is closed; so do we.
    if (!browser.connected) return;
    Promise.resolve(connection.onMessage(message)).catch((error: unknown) => {
      process.emitWarning(`a DevTools message could not be read (${message.length} chars): ${String(error)}`, 'PressroomBrowser');
    });
  });
}

/** Never throws inside the pipe's 'data' event (that would take the process down): the plain decode is the fallback. */
function decodeOrPlain(all: Buffer, start: number, end: number, sessions: Set<string>): string {
  try {
    return decodeMessage(all, start, end, sessions);
  } catch {
    return all.toString('utf8', start, end);
  }
}

/** One message as puppeteer should see it: the bytes as UTF-8, or a screenshot answer with a token for its image. */
function decodeMessage(all: Buffer, start: number, end: number, sessions: Set<string>): string {
  if (sessions.size > 0 && end - start >= MIN_MESSAGE_BYTES) {
    const head = ANSWER_HEAD.exec(all.toString('latin1', start, start + 48));
    const tail = head ? ANSWER_TAIL.exec(all.toString('latin1', end - 128, end)) : null;
    if (head && tail && sessions.has(tail[1]!)) {
      const dataStart = start + head[0].length;
      const dataEnd = end - tail[0].length;
      // Base64 has neither quotes nor escapes: anything else is not an image, and goes the ordinary way.
      const plain = all.indexOf(QUOTE, dataStart) === dataEnd && !all.subarray(dataStart, dataEnd).includes(BACKSLASH);
      if (plain) {
        const token = park(decodeBase64(all, dataStart, dataEnd));
        return `${all.toString('latin1', start, dataStart)}${token}${all.toString('latin1', dataEnd, end)}`;
      }
    }
  }
  return all.toString('utf8', start, end);
}

/** Whole 4-character base64 groups per slice: small enough for strings V8 makes in its young generation. */
const BASE64_SLICE = 48 * 1024;

/**
 * The base64 bytes `all[from, to)` decoded slice by slice into one buffer, instead of through a single
 * string of them all: a ~1.2 MB string is a large-object allocation per screenshot (fresh pages,
 * collected only by a full GC), where 48 KB strings die young (issue 18).
 */
export function decodeBase64(all: Buffer, from: number, to: number): Buffer {
  const out = Buffer.allocUnsafe(Math.floor(((to - from) * 3) / 4));
  let written = 0;
  for (let at = from; at < to; at += BASE64_SLICE) {
    written += out.write(all.toString('latin1', at, Math.min(at + BASE64_SLICE, to)), written, 'base64');
  }
  return written === out.length ? out : out.subarray(0, written);
}

function park(bytes: Buffer): string {
  const now = Date.now();
  for (const [token, entry] of parked) {
    if (now - entry.at <= KEEP_MS) break;
    parked.delete(token);
  }
  const token = `${TOKEN_PREFIX}${++sequence}`;
  parked.set(token, { bytes, at: now });
  return token;
}
