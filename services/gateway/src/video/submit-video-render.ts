import { CATALOG, type VideoTemplateSource } from '@pressroom/contracts';
import { familiesUsed } from '@pressroom/assets';
import { getVideoTemplate, listOwnerFonts, type VideoTemplateRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { AuthContext } from '../http/auth.js';
import { QUOTA_STATUS } from '../http/quota-problem.js';
import { submitRender, type RenderGatewayDeps, type RenderWait } from '../renders/submit-render.js';
import { askedDetails } from '../renders/asked-details.js';

/** Credits exhausted on video endpoints is a 402 (the contract), not the 429 of image endpoints. */
export const VIDEO_QUOTA_STATUS = QUOTA_STATUS.video;

export interface VideoGatewayDeps extends RenderGatewayDeps {
  /** How long a render request waits for the file (videos take seconds to minutes). */
  videoWaitMs: number;
}

export function videoTemplateNotFound(uid: string): ProblemError {
  return new ProblemError('not-found', { detail: `No video template with uid ${JSON.stringify(uid)} exists for this account.` });
}

/** The caller's video template, or 404 (another owner's uid looks missing). */
export async function loadVideoTemplate(deps: { db: RenderGatewayDeps['db'] }, auth: AuthContext, uid: string): Promise<VideoTemplateRow> {
  const row = await getVideoTemplate(deps.db, { ownerId: auth.ownerId, uid });
  if (!row) throw videoTemplateNotFound(uid);
  return row;
}

function sourceOf(row: VideoTemplateRow, projectJson?: Record<string, unknown>): VideoTemplateSource {
  const size = { width: row.width, height: row.height, fps: row.fps, durationInFrames: row.durationInFrames };
  return row.kind === 'code' ? { kind: 'code', tsx: row.tsx!, size } : { kind: 'timeline', projectJson: projectJson ?? row.projectJson! };
}

/**
 * The owner's fonts a timeline names (in its project or this render's variables), by family, as
 * storage keys: only the render's owner's fonts are ever looked up (the same rule as HTML renders).
 * The list comes from the process's font cache, as for image renders (docs/adr/0046).
 */
async function timelineFonts(
  deps: Pick<RenderGatewayDeps, 'db' | 'owners'>,
  ownerId: string,
  row: VideoTemplateRow,
  variables: Record<string, unknown>,
) {
  if (row.kind !== 'timeline') return [];
  const load = () => listOwnerFonts(deps.db, ownerId);
  const rows = await (deps.owners ? deps.owners.fonts.get(ownerId, load) : load());
  if (rows.length === 0) return [];
  const used = familiesUsed(`${JSON.stringify(row.projectJson)}${JSON.stringify(variables)}`, [...new Set(rows.map((r) => r.fontFamily!))]);
  return rows
    .filter((r) => used.has(r.fontFamily!))
    .map((r) => ({
      family: r.fontFamily!,
      weight: r.fontWeight ?? 400,
      style: r.fontStyle === 'italic' ? ('italic' as const) : ('normal' as const),
      storageKey: r.storageKey,
      contentType: r.contentType,
    }));
}

export interface VideoJob {
  auth: AuthContext;
  row: VideoTemplateRow;
  variables: Record<string, unknown>;
  mode: 'render' | 'preview';
  format: 'mp4' | 'gif' | 'webm' | 'png';
  frame: number | null;
  /** A timeline resolved for this render (caption clips with their cues in place); default: the saved project. */
  projectJson?: Record<string, unknown>;
  /**
   * The variables as the caller sent them (before a timeline's defaults are filled in), kept in the row's details
   * when small (asked-details.ts), so the render's page and `q` find them and Render again opens the editor with them.
   */
  askedVariables?: Record<string, unknown>;
}

/** One `render.video` command (a video, or a preview frame), charged one render credit, awaited up to `videoWaitMs`. */
export function submitVideoRender(deps: VideoGatewayDeps, job: VideoJob): Promise<RenderWait> {
  return submitRender(
    { ...deps, renderWaitMs: deps.videoWaitMs },
    {
      auth: job.auth,
      kind: 'video',
      idPrefix: 'vid',
      extension: job.format,
      origin: 'template',
      templateId: job.row.uid,
      format: job.format,
      width: job.row.width,
      height: job.row.height,
      quotaStatus: VIDEO_QUOTA_STATUS,
      details: askedDetails({ kind: 'template' }, undefined, job.askedVariables),
      subject: CATALOG.renderVideo,
      command: async (envelope) => ({
        ...envelope,
        origin: 'template' as const,
        templateId: job.row.uid,
        template: sourceOf(job.row, job.projectJson),
        variables: job.variables,
        mode: job.mode,
        format: job.format,
        frame: job.frame,
        fonts: await timelineFonts(deps, job.auth.ownerId, job.row, job.variables),
      }),
    },
  );
}
