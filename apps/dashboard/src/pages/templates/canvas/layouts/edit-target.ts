/**
 * What the canvas shows and Save writes, and where that goes in a template: the one rule by which a save, "Save mine
 * anyway" and "Load their version" find the open layout or page (docs/adr/0077-canvas-page-ids.md).
 */

/** The template's own design, one of its layouts, or one page of a PDF template (by its place in the editor's pages). */
export type EditTarget = { kind: 'default' } | { kind: 'layout'; key: string } | { kind: 'page'; index: number };

export interface TemplatePage {
  pageNumber: number;
  name?: string;
  fabricJSData: Record<string, unknown>;
  /** Given by the server to a page saved without one and kept while the page is sent back; absent on pages not saved since. */
  id?: string;
}
export interface CanvasLayout {
  name?: string;
  width?: number;
  height?: number;
  fabricJSData?: Record<string, unknown>;
}

/** The parts of a template that hold designs. */
export interface TemplateDesigns {
  layouts: Record<string, CanvasLayout>;
  pages?: TemplatePage[] | undefined;
}

/** Pages numbered by their place: the editor keeps `pageNumber` equal to it. */
export function renumberPages(pages: TemplatePage[]): TemplatePage[] {
  return pages.map((page, i) => ({ ...page, pageNumber: i + 1 }));
}

/**
 * Where `target`, as the editor `shown` has it, is in `other` (the template as saved now), or null when it is not
 * there. A layout by its key; a page by its `id`, so a page someone else added, moved or deleted meanwhile does not
 * make the open page a different one; a page without an id (not saved since pages had ids) by its place.
 */
export function targetIn(shown: TemplateDesigns, target: EditTarget, other: TemplateDesigns): EditTarget | null {
  if (target.kind === 'layout') return other.layouts[target.key] ? target : null;
  if (target.kind === 'page') {
    const id = shown.pages?.[target.index]?.id;
    const index = id === undefined ? target.index : (other.pages ?? []).findIndex((page) => page.id === id);
    return other.pages?.[index] ? { kind: 'page', index } : null;
  }
  return target;
}

/**
 * The fields of PUT /templates/{uid} that save `design` at `size` into `target`: the top-level design, the whole
 * `layouts` with this layout replaced, or the whole `pages` with this page replaced. `shown` is the template as the
 * editor has it; `into` the one the save goes into: the same, or, when saving over someone else's save on purpose,
 * the template as saved now, so a layout or page they added or changed meanwhile stays and only the open one is
 * replaced (put back where it was if they deleted it). A page without an id cannot be found among theirs: it goes
 * into the pages as shown (theirs stay in Versions).
 */
export function saveBody(
  shown: TemplateDesigns,
  target: EditTarget,
  design: Record<string, unknown>,
  size: { width: number; height: number },
  into: TemplateDesigns = shown,
): Record<string, unknown> {
  if (target.kind === 'layout') {
    const entry = into.layouts[target.key] ?? shown.layouts[target.key] ?? {};
    return { layouts: { ...into.layouts, [target.key]: { ...entry, ...size, fabricJSData: design } } };
  }
  if (target.kind === 'page') {
    const open = shown.pages?.[target.index];
    const page = { ...open!, fabricJSData: { ...design, ...size } };
    const base = open?.id === undefined ? shown : into;
    const pages = [...(base.pages ?? [])];
    const found = targetIn(shown, target, base);
    if (found?.kind === 'page') pages[found.index] = page;
    else pages.splice(Math.min(target.index, pages.length), 0, page);
    return { pages: renumberPages(pages) };
  }
  return { fabricJSData: design, ...size };
}

/**
 * The saved design and size `target` opens on the canvas: a layout's own (its design falls back to the template's, its
 * size likewise), a page's (at the template's size), or the template's. Null for a page with no design.
 */
export function savedDesignOf(
  template: TemplateDesigns & { width: number; height: number; fabricJSData: Record<string, unknown> | null },
  target: EditTarget,
): { design: Record<string, unknown> | null; size: { width: number; height: number } } {
  const own = { width: template.width, height: template.height };
  if (target.kind === 'layout') {
    const entry = template.layouts[target.key];
    return {
      design: entry?.fabricJSData ?? template.fabricJSData,
      size: { width: entry?.width ?? template.width, height: entry?.height ?? template.height },
    };
  }
  if (target.kind === 'page') return { design: template.pages?.[target.index]?.fabricJSData ?? null, size: own };
  return { design: template.fabricJSData, size: own };
}
