import { uploadVersionThumbnail } from '../../api/template-versions';
import { previewTemplate, type SavedTemplate } from '../../api/templates';
import { previewValues } from './sample-values';
import { variablesOf } from './variable-names';

/** Longer side of a version's thumbnail, in pixels: small enough for the templates list, under the API's 1024 px. */
export const THUMBNAIL_SIDE = 320;

/** The factor that brings a picture of this size down to THUMBNAIL_SIDE on its longer side (never up). */
export function thumbnailScale(size: { width: number; height: number }): number {
  return Math.min(1, THUMBNAIL_SIDE / Math.max(size.width, size.height));
}

/**
 * An image of this origin (a blob URL) scaled down by thumbnailScale as a PNG data URL, the body
 * `PUT /templates/{uid}/versions/{id}/thumbnail` takes.
 */
export async function imageThumbnail(src: string): Promise<string> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const scale = thumbnailScale({ width: image.naturalWidth, height: image.naturalHeight });
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas to draw the thumbnail on');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

/**
 * The saved template rendered as a preview at its default size with the given values, attached to
 * the version the save recorded: until the template is rendered for real, the templates list shows it (as
 * canvas templates show their drawing). A preview is free; it counts towards the per-minute preview limit.
 */
async function attachPreviewThumbnail(input: { uid: string; versionId: string; variables: Record<string, unknown> }): Promise<void> {
  const url = await previewTemplate({ templateUid: input.uid, variables: input.variables });
  try {
    await uploadVersionThumbnail(input.uid, input.versionId, await imageThumbnail(url));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * After an HTML template is saved (by its editor, or made by Duplicate): the version the save recorded gets the
 * preview of the template as saved, with its variables' defaults (else samples), not values typed to try it. A canvas
 * template's is drawn by its editor. Resolves to whether a thumbnail was attached.
 */
export async function attachSavedThumbnail({ template, version }: SavedTemplate): Promise<boolean> {
  if (!version || template.html === null) return false;
  const variables = previewValues(variablesOf(template.html, template.variableDefinitions), {});
  await attachPreviewThumbnail({ uid: template.uid, versionId: version.id, variables });
  return true;
}
