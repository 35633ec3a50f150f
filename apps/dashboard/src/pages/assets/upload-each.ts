import { uploadAsset, type Asset } from '../../api/assets';
import { messageOf } from '../../api/problem';
import { plural } from '../../kit/plural';

/** What a batch of chosen (or dropped) files came to: the assets stored, and one line per file refused. */
export interface UploadOutcome {
  done: Asset[];
  refused: string[];
}

/**
 * Uploads files one after another: each is checked against the plan as it arrives, and a refused one does not stop
 * the rest. `refuse` may turn a file away before it is sent (its words say why), so nothing of it is stored.
 */
export async function uploadEach(files: File[], refuse?: (file: File) => Promise<string | undefined>): Promise<UploadOutcome> {
  const done: Asset[] = [];
  const refused: string[] = [];
  for (const file of files) {
    const before = await refuse?.(file);
    if (before) {
      refused.push(`${file.name}: ${before}`);
      continue;
    }
    try {
      done.push(await uploadAsset(file));
    } catch (error) {
      refused.push(`${file.name}: ${messageOf(error)}`);
    }
  }
  return { done, refused };
}

/** The refused files of a batch in one message, or nothing when none was refused. */
export function refusalOf({ refused }: UploadOutcome): string | undefined {
  if (refused.length === 0) return undefined;
  return `${refused.length === 1 ? 'Not uploaded' : `${plural(refused.length, 'file')} not uploaded`}: ${refused.join(' · ')}`;
}

const IMAGE_EXTENSION = /\.(png|jpe?g|webp|svg)$/i;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']);
/** The first bytes of TTF, OTF, WOFF2 and WOFF files (a font renamed .png is still a font). */
const FONT_SIGNATURES = new Set(['\x00\x01\x00\x00', 'OTTO', 'true', 'wOF2', 'wOFF']);

/**
 * Why a file is no image the library takes (PNG, JPEG, WebP, SVG), in plain words, or nothing when it may be one:
 * by its type, its name and (for fonts) its first bytes. The server still checks the content of what is sent.
 */
export async function notAnImage(file: File): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const font = FONT_SIGNATURES.has(String.fromCharCode(...head));
  const image = file.type ? IMAGE_TYPES.has(file.type) : IMAGE_EXTENSION.test(file.name);
  if (font || /^font\//.test(file.type) || /\.(ttf|otf|woff2?)$/i.test(file.name))
    return 'this is a font, not an image. Fonts are uploaded on the Assets page; here only PNG, JPEG, WebP or SVG images.';
  if (!image) return 'this is not an image. Only PNG, JPEG, WebP or SVG images can be uploaded here.';
  return undefined;
}
