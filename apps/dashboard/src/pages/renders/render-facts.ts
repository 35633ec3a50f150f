/**
 * A render's parameters (GET /renders/{id} `parameters`) in words: where it came from, and the kind-specific
 * details under readable names instead of the API's keys.
 */

/**
 * `origin` is what the render was made from; `via` says a template render was asked for by a `/r/` URL. The row
 * does not record whether a key or the dashboard sent the request, so those two share a sentence.
 */
const ORIGINS: Record<string, string> = {
  html: 'HTML sent to the API or the playground',
  url: 'A web page URL sent to the API or the playground',
  template: 'A saved template, rendered through the API or the dashboard',
  canvas: 'A canvas design sent to the API (POST /image/canvas)',
  capture: 'A live capture of a web page (POST /gif/capture)',
  batch: 'A batch (one row of its data)',
  binding: 'A data binding refresh',
};
const VIA: Record<string, string> = {
  'url-render': 'A template URL (GET /r/…) with an API key',
  'signed-url': 'A signed template URL (GET /r/…)',
};

export function originLabel(origin: unknown, via: unknown): string {
  if (typeof via === 'string' && VIA[via]) return VIA[via];
  if (typeof origin !== 'string') return 'Not recorded';
  return ORIGINS[origin] ?? origin;
}

/** Parameters the page shows in their own rows (kind, origin, template, size, a URL render's address); the rest are listed by DETAIL_LABELS. */
export const SHOWN_APART = new Set(['origin', 'via', 'templateUid', 'width', 'height', 'format', 'cost', 'url']);

/** The renderers' `details` (GIF, PDF, video) under the names people use. */
const DETAIL_LABELS: Record<string, string> = {
  animationLength: 'Length (seconds)',
  frames: 'Frames',
  fps: 'Frames per second',
  quality: 'Quality',
  durationBasis: 'Length taken from',
  pageCount: 'Pages',
  preset: 'Paper',
  pageSize: 'Page size (points)',
  landscape: 'Landscape',
  documents: 'Documents joined',
  variableSetCount: 'Rows (variable sets)',
  durationInFrames: 'Length (frames)',
  posterUrl: 'Poster',
  posterFrame: 'Poster frame',
  frame: 'Frame',
};

/**
 * A GIF's `durationBasis` (how its length was chosen, docs/gif.md) in words: the API's codes (`requested`,
 * `no-animation`) read as jargon after "Length taken from". An unknown code is shown as it is.
 */
const DURATION_BASES: Record<string, string> = {
  requested: 'The seconds the request asked for',
  animations: 'The page’s animations: the longest, or one full loop of those that repeat',
  capped: 'The page’s animations, cut at the longest this quality allows',
  'no-animation': 'No animation found on the page: a single frame',
  recording: 'A live recording of the seconds asked for',
};

/** A detail's value as the page shows it: a GIF's length basis in words, the others as the API gives them. */
export function detailValue(key: string, value: unknown): unknown {
  return key === 'durationBasis' && typeof value === 'string' ? (DURATION_BASES[value] ?? value) : value;
}

/** A detail's label: its known name, else the key split into words (`someKey` → "Some key"). */
export function detailLabel(key: string): string {
  if (DETAIL_LABELS[key]) return DETAIL_LABELS[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KINDS: Record<string, string> = { image: 'Image', gif: 'GIF', pdf: 'PDF', video: 'Video' };
export const kindLabel = (kind: string) => KINDS[kind] ?? kind;

/** Output formats as the dashboard writes them (the Format choices of Batches and signed links); others as the API sent them. */
const FORMAT_NAMES: Record<string, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  jpg: 'JPEG',
  webp: 'WebP',
  gif: 'GIF',
  pdf: 'PDF',
  mp4: 'MP4',
  webm: 'WebM',
};

export function formatName(format: unknown): unknown {
  return typeof format === 'string' ? (FORMAT_NAMES[format] ?? format) : format;
}

/**
 * A list row's "Image · PNG", "Video · MP4", in the words the render's page and the Format choices use; a PDF's or a
 * GIF's kind is its format, so it is said once ("PDF").
 */
export const kindAndFormat = (r: { kind: string; format: string }) =>
  r.kind === r.format ? kindLabel(r.kind) : `${kindLabel(r.kind)} · ${String(formatName(r.format))}`;
