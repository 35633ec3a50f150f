import { ProblemError } from '@pressroom/problem';
import { readFontInfo, FontParseError, type FontInfo } from './font-name.js';
import { CONTENT_TYPES, KIND_OF, sniffFormat, type AssetFormat, type AssetKind } from './sniff.js';
import { checkSvg } from './svg-check.js';

export interface InspectedUpload {
  format: AssetFormat;
  kind: AssetKind;
  contentType: string;
  /** Fonts only. */
  font: FontInfo | null;
}

/**
 * Decide what an upload is from its bytes and refuse what must not be stored:
 * unknown formats, a declared kind the bytes contradict, SVGs that could run
 * code or reach out, and "fonts" whose tables do not parse.
 */
export function inspectUpload(bytes: Buffer, options: { expectedKind?: AssetKind | undefined } = {}): InspectedUpload {
  if (bytes.length === 0)
    throw new ProblemError('validation-error', {
      detail: 'The upload is empty.',
      errors: [{ field: '(body)', message: 'Send the file as the request body.' }],
    });
  const format = sniffFormat(bytes);
  if (!format) {
    const what =
      options.expectedKind === 'font' ? 'not a font: expected TTF, OTF or WOFF2' : 'not a PNG, JPEG, WebP, SVG, TTF, OTF or WOFF2 file';
    throw new ProblemError('unsupported-media-type', { detail: `The uploaded file is ${what} (checked by its content, not its name).` });
  }
  const kind = KIND_OF[format];
  if (options.expectedKind && options.expectedKind !== kind) {
    throw new ProblemError('validation-error', {
      detail: `The upload was declared as ${options.expectedKind === 'font' ? 'a font' : 'an image'} but its content is ${format.toUpperCase()}.`,
      errors: [{ field: 'kind', message: `The content is ${format.toUpperCase()}, a${kind === 'image' ? 'n image' : ' font'}.` }],
    });
  }
  if (format === 'svg') {
    const findings = checkSvg(bytes);
    if (findings.length > 0) {
      throw new ProblemError('validation-error', {
        detail: `The SVG was refused: it ${findings.map((f) => f.message).join('; ')}. Scripts, event handlers and references outside the file are not allowed.`,
        errors: findings.map((f) => ({ field: '(body)', message: `${f.rule}: ${f.message}` })),
      });
    }
  }
  let font: FontInfo | null = null;
  if (kind === 'font') {
    try {
      font = readFontInfo(bytes);
    } catch (error) {
      if (!(error instanceof FontParseError)) throw error;
      throw new ProblemError('validation-error', {
        detail: `The file is not a usable font: ${error.message}.`,
        errors: [{ field: '(body)', message: error.message }],
      });
    }
  }
  return { format, kind, contentType: CONTENT_TYPES[format], font };
}
