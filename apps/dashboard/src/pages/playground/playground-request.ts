import { GIF_MAX_SIZE, IMAGE_MAX_SIZE, PDF_PAPER_PRESETS, type PdfPaperPreset } from '@pressroom/contracts/constants';
import { gifSettingsBody, type GifSettings } from '../render-settings/gif-settings.js';

/** What the playground's Format offers: the three image formats of POST /image, a GIF (POST /gif) and a PDF (POST /pdf/render). */
export type PlaygroundFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'pdf';

export const FORMAT_CHOICES: readonly (readonly [PlaygroundFormat, string])[] = [
  ['png', 'PNG image'],
  ['jpeg', 'JPEG image'],
  ['webp', 'WebP image'],
  ['gif', 'Animated GIF'],
  ['pdf', 'PDF document'],
];

export const PAPER_CHOICES = (Object.keys(PDF_PAPER_PRESETS) as PdfPaperPreset[]).map(
  (name) => [name, `${name} (${PDF_PAPER_PRESETS[name].widthMm} × ${PDF_PAPER_PRESETS[name].heightMm} mm)`] as const,
);

export const ORIENTATION_CHOICES = [
  ['portrait', 'Portrait'],
  ['landscape', 'Landscape'],
] as const;

/** The largest width and height the chosen output accepts (the API's own limits). */
export const maxSideOf = (format: PlaygroundFormat) => (format === 'gif' ? GIF_MAX_SIZE : IMAGE_MAX_SIZE);

export interface PlaygroundState extends GifSettings {
  source: 'html' | 'url';
  html: string;
  url: string;
  format: PlaygroundFormat;
  /** Empty (null): left out of the request, so the API's default size applies. */
  width: number | null;
  height: number | null;
  paper: PdfPaperPreset;
  landscape: boolean;
}

/** The endpoint and JSON body the playground sends for `state`: exactly what a developer would send. */
export function playgroundRequest(state: PlaygroundState): { path: '/image' | '/gif' | '/pdf/render'; body: Record<string, unknown> } {
  const source = state.source === 'html' ? { html: state.html } : { url: state.url };
  const size = { ...(state.width === null ? {} : { width: state.width }), ...(state.height === null ? {} : { height: state.height }) };
  if (state.format === 'pdf') {
    return { path: '/pdf/render', body: { ...source, preset: state.paper, ...(state.landscape ? { landscape: true } : {}) } };
  }
  if (state.format === 'gif') {
    return { path: '/gif', body: { ...source, ...size, ...gifSettingsBody(state) } };
  }
  return { path: '/image', body: { ...source, ...size, fileExtension: state.format } };
}

/** The same request as a curl command (the key from `$PRESSROOM_API_KEY`, the body quoted for a POSIX shell). */
export function curlOf(origin: string, request: ReturnType<typeof playgroundRequest>): string {
  const body = JSON.stringify(request.body).replace(/'/g, "'\\''");
  return `curl -s ${origin}${request.path} \\\n  -H "Authorization: Bearer $PRESSROOM_API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '${body}'`;
}
