import type { RenderItem } from '../../api/renders';

/**
 * A result shown whole (a render's page, a render just made): its own size, but no smaller than 96 px, border
 * included, since a 1×1 or 8×8 image would be a dot inside its border; such a picture is scaled up to the box
 * (contain), larger ones are not.
 */
export const SHOWN_PICTURE = 'min-h-24 max-w-full min-w-24 self-start rounded border border-slate-200 object-contain';

/**
 * What a render looks like, by kind: images and GIFs as pictures, videos as a player with their poster frame (the
 * poster alone in the list), PDFs embedded where the browser can show them, with a link to open the file otherwise.
 */
export function RenderPreview({ render, size }: { render: RenderItem; size: 'small' | 'large' }) {
  const small = size === 'small';
  const name = `${small ? 'Preview' : 'Result'} of ${render.id}`;
  // The page plays a video, its poster frame (the list's still) shown until it plays: frame 0 alone is often blank.
  if (!small && render.status === 'done' && render.url && render.kind === 'video') {
    return (
      <video
        src={render.url}
        poster={render.thumbnailUrl ?? undefined}
        aria-label={name}
        controls
        muted
        preload="metadata"
        className="max-h-96 max-w-full self-start rounded bg-slate-900"
      />
    );
  }
  if (render.thumbnailUrl) {
    return (
      <img
        src={render.thumbnailUrl}
        alt={name}
        className={small ? 'h-12 w-20 rounded object-contain' : `max-h-96 ${SHOWN_PICTURE}`}
        loading={small ? 'lazy' : undefined}
      />
    );
  }
  if (render.status === 'done' && render.url && render.kind === 'video') {
    // A video without a stored poster: the list shows its first frame.
    return <video src={render.url} aria-label={name} muted preload="metadata" className="h-12 w-20 rounded bg-slate-900 object-contain" />;
  }
  if (render.status === 'done' && render.url && render.kind === 'pdf' && !small) {
    return (
      <object data={render.url} type="application/pdf" aria-label={name} className="h-96 w-full rounded border border-slate-200">
        {/* Shown in the object's box when the browser has no PDF viewer (headless Chromium has none): in its middle,
            not a line at the top of an empty 384 px box. */}
        <p className="flex h-full flex-col items-center justify-center gap-2 bg-slate-50 p-4 text-center text-sm">
          This browser does not show PDFs inline.{' '}
          <a className="text-indigo-700 underline" href={render.url}>
            Open the PDF
          </a>
        </p>
      </object>
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={`flex items-center justify-center rounded text-xs font-semibold uppercase ${
        render.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-700'
      } ${small ? 'h-12 w-20' : 'h-24 w-40'}`}
    >
      {render.status === 'failed' ? 'failed' : render.kind}
    </span>
  );
}
