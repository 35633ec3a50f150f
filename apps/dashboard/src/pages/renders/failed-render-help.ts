import type { BatchSeed } from '../batches/carried-rows.js';
import { templatePathOf } from './template-path.js';

/**
 * What a failed render's page offers: the next step (render the template again from its editor, with the values
 * the render used, or try the same source in the playground) and, for a timeout with a wait, the wait that never
 * matched.
 */

/** What the playground reads from its navigation state on mount (playground-page.tsx). */
export interface PlaygroundSeed {
  source: 'html' | 'url';
  url?: string;
}

/** What the template editor reads from its navigation state on mount (template-editor-page.tsx): the values to try. */
export interface EditorSeed {
  values: Record<string, unknown>;
}

export type NextStep =
  | { kind: 'template'; label: 'Render again'; to: string; state?: EditorSeed }
  | { kind: 'batch'; label: 'Render again'; to: '/batches'; state: { batch: BatchSeed } }
  | { kind: 'playground'; label: 'Open in playground'; to: '/playground'; state: PlaygroundSeed };

interface FailedRender {
  kind: string;
  status: string;
  templateUid: string | null;
  parameters: Record<string, unknown>;
  problem: { type: string } | null;
}

/**
 * A multi-page PDF (POST /pdf/multi-page: its row counts its sets, `variableSetCount`, and keeps them, `variableSets`,
 * when small): Render again opens the Batches page with its template, One PDF and those sets as the rows, done or failed.
 */
function multiPageStep(render: FailedRender): NextStep | null {
  const { variableSetCount, variableSets } = render.parameters;
  if (render.kind !== 'pdf' || !render.templateUid) return null;
  const kept = Array.isArray(variableSets) && variableSets.every((set) => set !== null && typeof set === 'object' && !Array.isArray(set));
  if (typeof variableSetCount !== 'number' && !kept) return null;
  const batch: BatchSeed = kept
    ? { templateUid: render.templateUid, output: 'pdf', variableSets: variableSets as Record<string, unknown>[] }
    : { templateUid: render.templateUid, output: 'pdf' };
  return { kind: 'batch', label: 'Render again', to: '/batches', state: { batch } };
}

/**
 * The next step of a finished multi-page PDF (done or failed: its rows again, on the Batches page), or of a failed
 * render; none for another render that did not fail or one that came from elsewhere (canvas, capture).
 */
export function nextStepOf(render: FailedRender): NextStep | null {
  if (render.status === 'done' || render.status === 'failed') {
    const rows = multiPageStep(render);
    if (rows) return rows;
  }
  if (render.status !== 'failed') return null;
  if (render.templateUid) {
    const step: NextStep = { kind: 'template', label: 'Render again', to: templatePathOf(render.kind, render.templateUid) };
    // The row keeps a template render's variables when they are small (docs/api.md): the editor opens with them.
    const variables = render.parameters.variables;
    const kept = variables !== null && typeof variables === 'object' && !Array.isArray(variables);
    return kept ? { ...step, state: { values: variables as Record<string, unknown> } } : step;
  }
  const origin = render.parameters.origin;
  const url = render.parameters.url;
  if (origin === 'url') {
    const state: PlaygroundSeed = typeof url === 'string' ? { source: 'url', url } : { source: 'url' };
    return { kind: 'playground', label: 'Open in playground', to: '/playground', state };
  }
  // The HTML itself is not kept: the playground opens on its HTML source, as the tab left it.
  if (origin === 'html') return { kind: 'playground', label: 'Open in playground', to: '/playground', state: { source: 'html' } };
  return null;
}

/** The render's address as asked, when it was a URL render and the row kept it. */
export function askedUrlOf(parameters: Record<string, unknown>): string | null {
  return parameters.origin === 'url' && typeof parameters.url === 'string' ? parameters.url : null;
}

const TIMEOUT_SLUG = 'render-timeout';

/** For a timed-out render that waited for a selector or a function: the sentence that names the wait. */
export function timeoutHintOf(render: FailedRender): string | null {
  if (!render.problem || render.problem.type.split('/').pop() !== TIMEOUT_SLUG) return null;
  const { waitForSelector, waitForFunction } = render.parameters;
  if (typeof waitForSelector === 'string' && waitForSelector) {
    return `The page never showed an element matching “${waitForSelector}”, the selector this render waited for. That is the usual cause of a timeout: check the selector against the page, or that the page adds that element.`;
  }
  if (typeof waitForFunction === 'string' && waitForFunction) {
    return `The page never made “${waitForFunction}” true, the function this render waited for. That is the usual cause of a timeout: check that the page's script reaches it.`;
  }
  return null;
}
