import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** What the canvas shows and Save writes: the template's own design, one of its layouts, or one page of a PDF template. */
export type EditTarget = { kind: 'default' } | { kind: 'layout'; key: string } | { kind: 'page'; index: number };

export interface ActiveLayoutApi {
  target: EditTarget;
  setTarget: (target: EditTarget) => void;
}

const ActiveLayoutContext = createContext<ActiveLayoutApi | null>(null);

export function useActiveLayout(): ActiveLayoutApi {
  const api = useContext(ActiveLayoutContext);
  if (!api) throw new Error('useActiveLayout() outside <ActiveLayoutProvider>.');
  return api;
}

export function ActiveLayoutProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<EditTarget>({ kind: 'default' });
  const api = useMemo(() => ({ target, setTarget }), [target]);
  return <ActiveLayoutContext.Provider value={api}>{children}</ActiveLayoutContext.Provider>;
}

export interface TemplatePage {
  pageNumber: number;
  name?: string;
  fabricJSData: Record<string, unknown>;
}
export interface CanvasLayout {
  name?: string;
  width?: number;
  height?: number;
  fabricJSData?: Record<string, unknown>;
}

/**
 * The fields of PUT /templates/{uid} that save `design` at `size` into `target`: the top-level design,
 * the whole `layouts` object with this layout replaced, or the whole `pages` array with this page replaced.
 */
export function saveBody(
  template: { layouts: Record<string, CanvasLayout>; pages?: TemplatePage[] },
  target: EditTarget,
  design: Record<string, unknown>,
  size: { width: number; height: number },
): Record<string, unknown> {
  if (target.kind === 'layout') {
    const entry = template.layouts[target.key] ?? {};
    return { layouts: { ...template.layouts, [target.key]: { ...entry, ...size, fabricJSData: design } } };
  }
  if (target.kind === 'page') {
    const pages = [...(template.pages ?? [])];
    pages[target.index] = { ...pages[target.index]!, fabricJSData: { ...design, ...size } };
    return { pages };
  }
  return { fabricJSData: design, ...size };
}

/**
 * The saved design and size `target` opens on the canvas: a layout's own (its design falls back to the template's, its
 * size likewise), a page's (at the template's size), or the template's. Null for a page with no design.
 */
export function savedDesignOf(
  template: {
    width: number;
    height: number;
    fabricJSData: Record<string, unknown> | null;
    layouts: Record<string, CanvasLayout>;
    pages?: TemplatePage[];
  },
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
