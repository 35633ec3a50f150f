import { Point, type FabricImage } from 'fabric';

export type ImageFit = 'cover' | 'contain' | 'crop';

/**
 * Fits an image into the box it occupies now: `cover` fills it (scaled, the overflow cropped evenly),
 * `contain` shows the whole image inside it (scaled, centred), `crop` keeps the image's own pixel size and
 * crops it to the box (centred). Done with fabric's own scale and cropX/cropY, so the renderer needs nothing new.
 */
export function fitImage(image: FabricImage, fit: ImageFit): void {
  const boxWidth = image.getScaledWidth();
  const boxHeight = image.getScaledHeight();
  const corner = image.getPointByOrigin('left', 'top');
  const natural = image.getOriginalSize();
  let scale: number;
  let width: number;
  let height: number;
  if (fit === 'cover') {
    scale = Math.max(boxWidth / natural.width, boxHeight / natural.height);
    width = boxWidth / scale;
    height = boxHeight / scale;
  } else if (fit === 'contain') {
    scale = Math.min(boxWidth / natural.width, boxHeight / natural.height);
    width = natural.width;
    height = natural.height;
  } else {
    scale = 1;
    width = Math.min(natural.width, boxWidth);
    height = Math.min(natural.height, boxHeight);
  }
  image.set({
    scaleX: scale,
    scaleY: scale,
    width,
    height,
    cropX: (natural.width - width) / 2,
    cropY: (natural.height - height) / 2,
    imageFit: fit,
  });
  // Centred in the old box (unrotated boxes; a rotated one keeps its corner).
  const left = corner.x + (boxWidth - width * scale) / 2;
  const top = corner.y + (boxHeight - height * scale) / 2;
  image.setPositionByOrigin(new Point(left, top), 'left', 'top');
  image.setCoords();
}
