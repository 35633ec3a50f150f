import { api, request } from './client';
import type { TemplateVersion } from './template-versions';
import type { Pagination } from './every-page';

export interface VariableDefinition {
  name: string;
  type: 'text' | 'image' | 'color' | 'number' | 'boolean';
  defaultValue?: unknown;
  description?: string;
  allowRawHtml?: boolean;
  validation?: { required?: boolean; minLength?: number; maxLength?: number };
}

export interface TemplateLayout {
  name?: string;
  width?: number;
  height?: number;
  html?: string;
}

export interface Template {
  uid: string;
  name: string;
  html: string | null;
  fabricJSData: Record<string, unknown> | null;
  width: number;
  height: number;
  tags: string[];
  thumbnail: string | null;
  outputFormat: 'image' | 'pdf';
  /** The paper a PDF of it prints on (`"A4"`…), when the template names one (the certificate starter's copy). */
  pdfPreset?: string | null;
  strictVariables: boolean;
  jsEnabled: boolean;
  variableDefinitions: VariableDefinition[];
  layouts: Record<string, TemplateLayout>;
  createdAt: string;
  updatedAt: string;
  /**
   * The `ETag` the answer carried: the revision this copy is of (not an API field). An editor keeps the one it opened
   * and saves with it as `If-Match`, so a save over someone else's newer one is refused (docs/templates.md#conditional-saves).
   */
  etag?: string;
}

export interface TemplateList {
  templates: Template[];
  pagination: Pagination;
}

export type TemplateSort = 'newest' | 'oldest' | 'name';

export const templateKeys = {
  all: ['templates'] as const,
  list: (query: object) => ['templates', 'list', query] as const,
  one: (uid: string) => ['templates', uid] as const,
};

/** `search`: only the templates whose name contains it, in any case (the API's name filter; the pagination counts those). */
export const listTemplates = (query: {
  page?: number;
  limit?: number;
  sort?: TemplateSort;
  outputFormat?: 'all' | 'image' | 'pdf';
  search?: string;
}) => api<TemplateList>('/templates', { query });

/** A template answer's body, with the answer's ETag on its template. */
async function withEtag<T extends { template: Template }>(res: Response): Promise<T> {
  const body = (await res.json()) as T;
  const etag = res.headers.get('etag');
  return etag ? { ...body, template: { ...body.template, etag } } : body;
}

const templatePath = (uid: string) => `/templates/${encodeURIComponent(uid)}`;

export const getTemplate = async (uid: string) => (await withEtag<{ template: Template }>(await request(templatePath(uid)))).template;

/** `ifMatch`: the revision (`Template.etag`) the change was made from; the save is refused (412) if it is no longer current. */
export interface SaveOptions {
  ifMatch?: string | undefined;
}

const put = (uid: string, json: unknown, options: SaveOptions) =>
  request(templatePath(uid), { method: 'PUT', json, ...(options.ifMatch ? { headers: { 'if-match': options.ifMatch } } : {}) });

export type TemplateDraft = Pick<Template, 'name' | 'width' | 'height' | 'strictVariables' | 'variableDefinitions' | 'layouts'> & {
  html: string;
  tags?: string[];
};

/** A canvas (FabricJS) template: `fabricJSData` instead of `html`. */
export interface CanvasTemplateDraft {
  name: string;
  width: number;
  height: number;
  fabricJSData: Record<string, unknown>;
}

export const createCanvasTemplate = async (draft: CanvasTemplateDraft) =>
  (await api<{ template: Template }>('/templates', { json: draft })).template;
/** A save's answer: the template, and the version it recorded (the editor attaches a thumbnail to it). */
export interface SavedTemplate {
  template: Template;
  version?: TemplateVersion;
}

/** Create (no uid) or update an HTML template, with the version the save recorded. */
export const saveTemplate = async (uid: string | undefined, draft: TemplateDraft, options: SaveOptions = {}) =>
  uid ? withEtag<SavedTemplate>(await put(uid, draft, options)) : api<SavedTemplate>('/templates', { json: draft });
export const updateTemplate = async (
  uid: string,
  draft: Partial<TemplateDraft> | Partial<CanvasTemplateDraft>,
  options: SaveOptions = {},
) => (await withEtag<{ template: Template }>(await put(uid, draft, options))).template;
/**
 * A new template with everything that describes a saved one (its design, size, variables, layouts, pages, output),
 * not its history or renders, under `name`.
 */
export async function duplicateTemplate(template: Template, name: string): Promise<SavedTemplate> {
  // Fields the API answers that this type leaves out; copied as they are when present.
  const more = template as Template & { pages?: unknown[]; pdfPreset?: string | null; category?: string | null; type?: string | null };
  const body = {
    name,
    width: template.width,
    height: template.height,
    strictVariables: template.strictVariables,
    jsEnabled: template.jsEnabled,
    variableDefinitions: template.variableDefinitions,
    layouts: template.layouts,
    tags: template.tags,
    outputFormat: template.outputFormat,
    ...(template.html !== null ? { html: template.html } : { fabricJSData: template.fabricJSData }),
    ...(more.pages?.length ? { pages: more.pages } : {}),
    ...(more.pdfPreset ? { pdfPreset: more.pdfPreset } : {}),
    ...(more.category ? { category: more.category } : {}),
    ...(more.type ? { type: more.type } : {}),
  };
  return api<SavedTemplate>('/templates', { json: body });
}
export const deleteTemplate = (uid: string) => api<unknown>(`/templates/${encodeURIComponent(uid)}`, { method: 'DELETE' });

export interface PreviewRequest {
  templateUid?: string;
  html?: string;
  variables?: Record<string, unknown>;
  variableDefinitions?: VariableDefinition[];
  strictVariables?: boolean;
  layout?: string | { width: number; height: number };
  format?: 'png' | 'jpeg' | 'webp';
}

/** The preview image as an object URL (the caller revokes it). */
export async function previewTemplate(body: PreviewRequest, signal?: AbortSignal): Promise<string> {
  const res = await request('/templates/preview', { json: body, ...(signal ? { signal } : {}) });
  return URL.createObjectURL(await res.blob());
}
