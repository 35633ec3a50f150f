import { uploadVersionThumbnail } from '../../api/template-versions';
import { previewTemplate } from '../../api/templates';

/** Longer side of a version's thumbnail, in pixels: small enough for the templates list, under the API's 1024 px. */
export const THUMBNAIL_SIDE = 320;

/**
 * An image the page already has (the HTML editor's live preview, a blob URL of this origin) scaled down to
 * THUMBNAIL_SIDE as a PNG data URL, the body `PUT /templates/{uid}/versions/{id}/thumbnail` takes.
 */
export async function imageThumbnail(src: string): Promise<string> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas to draw the thumbnail on');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

/**
 * The saved template rendered as a preview at its default size with the values the editor shows, attached to
 * the version the save recorded: until the template is rendered for real, the templates list shows it (as
 * canvas templates show their drawing). A preview is free; it counts towards the per-minute preview limit.
 */
export async function attachPreviewThumbnail(input: { uid: string; versionId: string; variables: Record<string, unknown> }): Promise<void> {
  const url = await previewTemplate({ templateUid: input.uid, variables: input.variables });
  try {
    await uploadVersionThumbnail(input.uid, input.versionId, await imageThumbnail(url));
  } finally {
    URL.revokeObjectURL(url);
  }
}
