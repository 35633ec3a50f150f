import type { RenderGifCommand } from './render-gif.js';
import type { RenderImageCommand } from './render-image.js';
import type { RenderPdfCommand } from './render-pdf.js';
import type { RenderVideoCommand } from './render-video.js';

/**
 * Where a render came from: its command's `origin`, which its `renders` row records as it is and the
 * `source` of GET /image, /gif and /pdf entries shows. How a template render was asked for beyond that
 * (a `GET /r/` URL) is the row's `via`, not another origin.
 */
export type RenderOrigin =
  RenderImageCommand['origin'] | RenderGifCommand['origin'] | RenderPdfCommand['origin'] | RenderVideoCommand['origin'];
