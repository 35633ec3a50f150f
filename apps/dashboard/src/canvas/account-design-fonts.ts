import { listAssets } from '../api/assets';
import { designFontsOf } from '../pages/assets/account-fonts';
import type { DesignFont } from './design-loader';

let fonts: Promise<DesignFont[]> | null = null;

/**
 * The account's font assets as the loader takes them, read once per page load (a failed read is retried
 * next time, and the editor opens without them rather than not at all).
 */
export function accountDesignFonts(): Promise<DesignFont[]> {
  fonts ??= listAssets('font').then(
    (list) => designFontsOf(list.assets),
    () => {
      fonts = null;
      return [];
    },
  );
  return fonts;
}
