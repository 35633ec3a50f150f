/** The file extension of a rendered image: `jpeg` renders are stored and served as `.jpg`. */
export function extensionOfFormat(format: string): string {
  return format === 'jpeg' ? 'jpg' : format;
}

/** JPEG/WebP quality when a request names none (0–1, the hosted API's default). */
export const DEFAULT_IMAGE_QUALITY = 0.9;
