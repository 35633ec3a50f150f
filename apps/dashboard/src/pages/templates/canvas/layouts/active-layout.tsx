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
