import { Link } from 'react-router';
import { buttonClass } from '../../kit/button';
import { LiveMessage } from '../../kit/live-message';
import { renderFileUrl, renderInPlayground, type PlaygroundResult } from '../../api/renders';
import { formatName } from './render-facts';
import { SHOWN_PICTURE } from './render-preview';

export type ShownResult = PlaygroundResult & { format: 'png' | 'jpeg' | 'webp' | 'gif' | 'pdf'; ms: number };

/** Sends a render from the dashboard (POST /image, /gif, /pdf/render or a template's /render) and times the request, for RenderResult. */
export async function renderTimed(
  request: { path: string; body: Record<string, unknown> },
  format: ShownResult['format'],
): Promise<ShownResult> {
  const started = performance.now();
  const result = await renderInPlayground(request.path, request.body, format);
  return { ...result, format, ms: Math.round(performance.now() - started) };
}

/**
 * Says to a screen reader what a Render button started and how it ended (the button's spinner and the result
 * appearing further down say nothing): in the page from the start, empty until there is something to say; hidden,
 * since the busy button and the result show the same on screen. A refusal is the form's own alert.
 */
export function RenderAnnouncement({ pending, result }: { pending: boolean; result: ShownResult | undefined }) {
  const words = pending
    ? 'Rendering…'
    : result
      ? `Rendered as ${String(formatName(result.format))} in ${result.ms} ms: the result, Download and the render's page follow.`
      : '';
  return (
    <LiveMessage politeness="polite" className="sr-only">
      {words}
    </LiveMessage>
  );
}

/**
 * A render just made from the dashboard (the playground, a template's Render): the picture of an image or GIF or a
 * link to a PDF, a download, how long the request took, the render's page and the file's address.
 */
export function RenderResult({ result }: { result: ShownResult }) {
  return (
    <div className="flex flex-col gap-2">
      {result.format === 'pdf' ? (
        <a className="self-start text-indigo-700 underline" href={result.url} target="_blank" rel="noreferrer">
          Open the PDF
        </a>
      ) : (
        <img src={result.url} alt="Rendered result" className={SHOWN_PICTURE} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <a className={buttonClass('secondary', 'self-start')} href={renderFileUrl(result.id)} download>
          Download
        </a>
        <p className="text-sm text-slate-700">{[`Made in ${result.ms} ms`, ...result.facts].join(' · ')}</p>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {/* Words on the link; the id beside it, to copy or quote (not the link's name). */}
        <span className="flex flex-wrap items-baseline gap-x-2">
          <Link className="text-indigo-700 underline" to={`/renders/${encodeURIComponent(result.id)}`}>
            Open this render&apos;s page
          </Link>
          <span className="font-mono text-xs break-all text-slate-600">{result.id}</span>
        </span>
        <a className="break-all text-indigo-700 underline" href={result.url}>
          {result.url}
        </a>
      </p>
    </div>
  );
}
