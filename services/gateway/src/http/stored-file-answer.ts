import type { Request, Response } from 'express';
import { ProblemError } from '@pressroom/problem';
import { resolveRange, type ObjectInfo, type Storage } from '@pressroom/storage';
import { streamBody } from './stream-body.js';

/**
 * Answers GET or HEAD for one stored object, its headers already set by the route (type, caching, disposition):
 * `ETag` and `Accept-Ranges`, a 304 for a matching `If-None-Match`, one `Range` as a 206 (a player seeking in an
 * MP4, a browser resuming a download it lost half-way), a 416 problem for a range past the end, the whole file for an
 * `If-Range` naming another version, and the bytes streamed from the store (never held in memory).
 * `whenCutShort` hears about a stream that failed once bytes flowed, when the headers can no longer say so.
 * Throws `notFound` when the object goes between the HEAD and the read.
 */
export async function answerStoredFile(
  req: Request,
  res: Response,
  options: { storage: Storage; key: string; info: ObjectInfo; notFound: ProblemError; whenCutShort: (error: unknown) => void },
): Promise<void> {
  const { info } = options;
  res.setHeader('ETag', info.etag).setHeader('Accept-Ranges', 'bytes');
  if (matchesEtag(req.get('If-None-Match'), info)) {
    res.status(304).end();
    return;
  }
  // If-Range: a client resuming a download of another version gets the whole new file.
  const ifRange = req.get('If-Range');
  const answer = ifRange && ifRange !== info.etag ? ({ kind: 'whole' } as const) : resolveRange(req.get('Range'), info.size);
  if (answer.kind === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${info.size}`).removeHeader('ETag');
    throw new ProblemError('range-not-satisfiable', {
      detail: `The range ${JSON.stringify(req.get('Range'))} starts past the end of this ${info.size}-byte file.`,
    });
  }
  const range = answer.kind === 'partial' ? answer.range : undefined;
  res.status(range ? 206 : 200).setHeader('Content-Length', String(range ? range.end - range.start + 1 : info.size));
  if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const object = await options.storage.open(options.key, range);
  if (!object) throw options.notFound;
  // Headers are gone once bytes flow: a failure (or the client going away) can only cut the file short.
  await streamBody(object.body, res).catch(options.whenCutShort);
}

function matchesEtag(header: string | undefined, info: ObjectInfo): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === info.etag);
}
