import type { ClipType } from './timeline-model.js';

/**
 * A clip type as the studio names it to a designer ("HTML block", not "Html"). The saved JSON and the API keep the
 * technical `type` (`html`, `solid`…); only what the studio shows is worded here.
 */
export const CLIP_TYPE_NAMES: Readonly<Record<ClipType, string>> = {
  text: 'Text',
  solid: 'Solid colour',
  shape: 'Shape',
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  html: 'HTML block',
  caption: 'Captions',
};
