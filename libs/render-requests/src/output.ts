/** The file extension of an image format (`jpeg` files end in `.jpg`). */
export function fileExtensionOf(format: string): string {
  return format === 'jpeg' ? 'jpg' : format;
}

/** The public URL of a stored file (the gateway serves `/files/<key>`). */
export function fileUrl(publicBaseUrl: string, storageKey: string): string {
  return `${publicBaseUrl}/files/${storageKey}`;
}

/** Where a renderer stores a render's file, and the URL it is served at. */
export function renderOutput(options: { publicBaseUrl: string; renderId: string; extension: string }): {
  storageKey: string;
  url: string;
} {
  const storageKey = `renders/${options.renderId}.${options.extension}`;
  return { storageKey, url: fileUrl(options.publicBaseUrl, storageKey) };
}
