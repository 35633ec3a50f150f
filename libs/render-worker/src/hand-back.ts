import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What our own shutdown did to a render still running when its grace ran out:
 * - 'handed-back': its command went back to the bus for another renderer; this run only has to end;
 * - 'ended': nobody else will take it (the in-process queue goes with its process), so this run ends
 *   the render as one to retry (503).
 */
export type ShutdownCut = 'handed-back' | 'ended';

/**
 * One render running in this async context. A render cut by the shutdown is still running here until
 * what it renders with (browser pool, video renderer) is closed under it; whatever it then fails with
 * was caused by our shutdown, never by its input (render-problem.ts asks `shutdownCut()`).
 */
export interface RenderScope {
  readonly renderId: string | undefined;
  cut: ShutdownCut | null;
}

const scopes = new AsyncLocalStorage<RenderScope>();

/** Run a render's handler in a scope of its own (consume-renders does, for every delivery). */
export function inRenderScope<T>(scope: RenderScope, run: () => Promise<T>): Promise<T> {
  return scopes.run(scope, run);
}

/** How the shutdown cut the render running in this context (null: it did not). */
export function shutdownCut(): ShutdownCut | null {
  return scopes.getStore()?.cut ?? null;
}
