import { Router } from 'express';
import { TranscribeRequest, transcriptionAiCost, type TranscribeResult } from '@pressroom/contracts';
import { assertAiCreditsAvailable, spendAiCredits } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { authOf } from '../http/auth.js';
import { withAiQuotaProblem } from '../http/quota-problem.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { aiNotConfigured, speechSeconds, transcribeSource, type CaptionDeps } from '../video/captions.js';
import { loadVideoTemplate } from '../video/submit-video-render.js';

/** The media URL of a timeline template's audio/video clip (`tracks.0.clips.1`) or its soundtrack. */
function clipSource(projectJson: Record<string, unknown> | null, clip: string): string {
  const refused = (message: string) => new ProblemError('validation-error', { detail: message, errors: [{ field: 'clip', message }] });
  if (!projectJson) throw refused('Only timeline templates have clips to transcribe.');
  if (clip === 'soundtrack') {
    const src = (projectJson.soundtrack as { src?: unknown } | undefined)?.src;
    if (typeof src !== 'string') throw refused('This template has no soundtrack.');
    return src;
  }
  const [, t, , c] = clip.split('.').map(Number) as [number, number, number, number];
  const found = (projectJson.tracks as Array<{ clips?: Array<{ type?: unknown; src?: unknown }> }> | undefined)?.[t]?.clips?.[c];
  if (!found) throw refused(`The template has no clip ${clip}.`);
  if ((found.type !== 'audio' && found.type !== 'video') || typeof found.src !== 'string')
    throw refused(`Clip ${clip} is a ${String(found.type)} clip; only audio and video clips have speech.`);
  return found.src;
}

/**
 * POST /video/captions/transcribe: word-timed speech of an audio or video source (docs/video.md
 * "Captions"). AI credits are checked before (at least one minute) and spent after success by the
 * minutes up to the last spoken word; silence (422 no_speech) and failures cost nothing.
 */
export function videoCaptionRoutes(deps: CaptionDeps): Router {
  const router = Router();
  defineRoute(router, '/video/captions/transcribe', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(TranscribeRequest, req.body);
      const auth = authOf(res);
      if (!deps.ai) throw aiNotConfigured();
      const src = body.src ?? clipSource((await loadVideoTemplate(deps, auth, body.template!)).projectJson, body.clip!);
      await withAiQuotaProblem(() => assertAiCreditsAvailable(deps.db, { ownerId: auth.ownerId, needed: transcriptionAiCost(1) }));
      const transcript = await transcribeSource(deps, { src, language: body.language, field: body.src !== undefined ? 'src' : 'clip' });
      const speech = speechSeconds(transcript.words);
      const aiCreditsSpent = transcriptionAiCost(speech);
      await spendAiCredits(deps.db, { ownerId: auth.ownerId, amount: aiCreditsSpent });
      const result: TranscribeResult = {
        words: transcript.words,
        text: transcript.text,
        language: transcript.language,
        durationSeconds: transcript.durationSeconds,
        speechSeconds: speech,
        aiCreditsSpent,
      };
      res.json(result);
    }),
  });
  return router;
}
