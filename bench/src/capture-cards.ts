import type { AssetServer } from './asset-server.js';
import { cardHtml } from './card.js';
import { photoCardHtml } from './photo-card.js';

/**
 * The two 1200×630 cards the PNG and Chromium CPU sections capture, by the name their tables give
 * them: drawn content (the benchmark card) and a photo under a caption. Job `i` gets a title of its
 * own, so no capture repeats another.
 */
export function captureCards(assets: Pick<AssetServer, 'fontUrl' | 'photoUrl'>): Record<string, (i: number) => string> {
  return {
    'benchmark card (gradient)': (i) =>
      cardHtml({ fontUrl: assets.fontUrl, title: `Quarterly report #${i}: rendering at the speed of Chromium` }),
    'photo-heavy card': (i) => photoCardHtml({ photoUrl: assets.photoUrl, title: `Field notes #${i}: the harbour at dawn` }),
  };
}
