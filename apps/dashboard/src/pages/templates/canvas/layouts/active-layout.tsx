import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { EditTarget } from './edit-target';

export interface ActiveLayoutApi {
  /** What the canvas shows and Save writes (edit-target.ts). */
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
