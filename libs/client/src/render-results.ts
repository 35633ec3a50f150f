/*
 * The results of the render helpers: one shape per helper, whichever way the
 * render finished (a 200 at once, or a 202 polled until done), built from the
 * answers the API documents. A missing member means the answer is not
 * Pressroom's: `fail` turns that into a PressroomNetworkError naming it.
 */

/** Throws: the answer lacked what Pressroom always sends (`missing` says what). */
export type Fail = (missing: string) => never;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One JSON object of an answer, with typed reads that fail loudly instead of yielding undefined. */
export class Entry {
  private constructor(
    readonly value: Json,
    private readonly fail: Fail,
    private readonly name: string,
  ) {}

  static of(value: unknown, fail: Fail, name: string): Entry {
    return isObject(value) ? new Entry(value, fail, name) : fail(`${name} (an object)`);
  }

  string(key: string): string {
    const value = this.value[key];
    return typeof value === 'string' ? value : this.fail(`\`${key}\` (a string) in ${this.name}`);
  }

  number(key: string): number {
    const value = this.value[key];
    return typeof value === 'number' ? value : this.fail(`\`${key}\` (a number) in ${this.name}`);
  }

  object(key: string): Entry {
    return Entry.of(this.value[key], this.fail, `\`${key}\` in ${this.name}`);
  }

  array(key: string): Entry[] {
    const value = this.value[key];
    if (!Array.isArray(value)) return this.fail(`\`${key}\` (an array) in ${this.name}`);
    return value.map((item, i) => Entry.of(item, this.fail, `\`${key}[${i}]\` in ${this.name}`));
  }
}

/** Every finished render has these, however it finished. */
export interface RenderedFile {
  /** The render's id (`GET /image/{id}`, `/gif/{id}`, `/pdf/{id}`). */
  id: string;
  /** The file; `download(url)` fetches its bytes. */
  url: string;
  status: 'done';
  createdAt: string;
  /** Only when the account copies renders to its own storage (docs/storage.md): the copy's URL… */
  userStorageUrl?: string;
  /** …or why the copy failed. */
  userStorageError?: string;
}

/** `renderImage`: the image. */
export type ImageRenderResult = RenderedFile;

/** `renderGif`: the GIF and its animation. */
export interface GifRenderResult extends RenderedFile {
  /** Same as `id` (the name POST /gif's answer uses). */
  uid: string;
  width: number;
  height: number;
  /** Seconds. */
  animationLength: number;
  frames: number;
  fps: number;
  quality: string;
}

export interface PdfDetails {
  pageCount: number;
  preset: string;
  /** The first page, in points. */
  pageSize: { width: number; height: number };
}

/** `renderPdf`: the PDF and its pages. */
export interface PdfRenderResult extends RenderedFile, PdfDetails {
  success: true;
}

interface LayoutFields {
  /** The layout key (`default` for the template itself). */
  layout: string;
  /** Its display name (its key when it has none). */
  name: string;
  id: string;
  url: string;
  status: 'done';
  createdAt: string;
  width: number;
  height: number;
}

/** One layout of a template render: an image, or a PDF (then with its page details). */
export type TemplateLayoutResult = (LayoutFields & { format: 'png' | 'jpeg' | 'webp' }) | (LayoutFields & PdfDetails & { format: 'pdf' });

/** A requested layout with no file: the template lacks it (`layout_not_found`), or its render failed (the problem slug). */
export interface TemplateLayoutError {
  layout: string;
  error: string;
  code: string;
}

/**
 * `renderTemplate` (and `renderImage` with a `template`): every layout's file in
 * `renders` (one entry for a one-layout render), the layouts that have none in
 * `errors`, and, at the top, the first rendered layout's fields, so
 * `result.url` is the file of a one-layout render.
 */
export type TemplateRenderResult = TemplateLayoutResult & {
  templateUid: string;
  renders: TemplateLayoutResult[];
  errors: TemplateLayoutError[];
};

/** A layout as the render answer lists it, before it is necessarily done. */
export interface LayoutItem {
  layout: string;
  name: string;
  id: string;
  /** Null while queued. */
  url: string | null;
  status: string;
  createdAt: string;
  width: number;
  height: number;
  format: string;
}

function storageOf(entry: Entry): Pick<RenderedFile, 'userStorageUrl' | 'userStorageError'> {
  const { userStorageUrl, userStorageError } = entry.value;
  return {
    ...(typeof userStorageUrl === 'string' ? { userStorageUrl } : {}),
    ...(typeof userStorageError === 'string' ? { userStorageError } : {}),
  };
}

/** A finished image: POST /image's 200 body, or the `image` of GET /image/{id}. */
export function imageResult(entry: Entry): ImageRenderResult {
  return { id: entry.string('id'), url: entry.string('url'), status: 'done', createdAt: entry.string('createdAt'), ...storageOf(entry) };
}

/** A finished GIF: the `gif` of POST /gif's 200 (which names the id `uid` only), or of GET /gif/{id}. */
export function gifResult(entry: Entry): GifRenderResult {
  const uid = entry.string('uid');
  return {
    id: uid,
    uid,
    url: entry.string('url'),
    status: 'done',
    createdAt: entry.string('createdAt'),
    width: entry.number('width'),
    height: entry.number('height'),
    animationLength: entry.number('animationLength'),
    frames: entry.number('frames'),
    fps: entry.number('fps'),
    quality: entry.string('quality'),
    ...storageOf(entry),
  };
}

function pdfDetails(entry: Entry): PdfDetails {
  const size = entry.object('pageSize');
  return {
    pageCount: entry.number('pageCount'),
    preset: entry.string('preset'),
    pageSize: { width: size.number('width'), height: size.number('height') },
  };
}

/** A finished PDF: POST /pdf/render's 200 body, or the `pdf` of GET /pdf/{id}. */
export function pdfResult(entry: Entry): PdfRenderResult {
  return {
    success: true,
    id: entry.string('id'),
    url: entry.string('url'),
    status: 'done',
    createdAt: entry.string('createdAt'),
    ...pdfDetails(entry),
    ...storageOf(entry),
  };
}

/** Is this a template render's answer (every one carries `results`; several layouts also `renders`)? */
export const isTemplateAnswer = (body: unknown): boolean => isObject(body) && (Array.isArray(body.renders) || Array.isArray(body.results));

/** The layouts a template render's answer lists (`renders` for several, `results` always), done or queued. */
export function layoutItems(answer: Entry): LayoutItem[] {
  return answer.array(Array.isArray(answer.value.renders) ? 'renders' : 'results').map((item) => ({
    layout: item.string('layout'),
    name: item.string('name'),
    id: item.string('id'),
    url: item.value.url === null ? null : item.string('url'),
    status: item.string('status'),
    createdAt: item.string('createdAt'),
    width: item.number('width'),
    height: item.number('height'),
    format: item.string('format'),
  }));
}

/** The requested layouts the template lacks, as the answer lists them. */
export function layoutErrors(answer: Entry): TemplateLayoutError[] {
  if (answer.value.errors === undefined) return [];
  return answer.array('errors').map((e) => ({ layout: e.string('layout'), error: e.string('error'), code: e.string('code') }));
}

/**
 * A layout once done: the answer's item completed by `finished` (the polled
 * entry, or for a PDF whatever carries its page details).
 */
export function layoutResult(item: LayoutItem, finished: Entry | null, fail: Fail): TemplateLayoutResult {
  const url = finished ? finished.string('url') : (item.url ?? fail(`\`url\` of layout ${item.layout}`));
  const base = {
    layout: item.layout,
    name: item.name,
    id: item.id,
    status: 'done' as const,
    createdAt: item.createdAt,
    width: item.width,
    height: item.height,
  };
  if (item.format === 'pdf') {
    if (!finished) return fail(`the page details of PDF layout ${item.layout}`);
    return { ...base, url, format: 'pdf', ...pdfDetails(finished) };
  }
  if (item.format !== 'png' && item.format !== 'jpeg' && item.format !== 'webp')
    return fail(`a known \`format\` for layout ${item.layout}`);
  return { ...base, url, format: item.format };
}
