/** How full a monthly pool (render or AI credits) is: the pages warn from NEAR_SHARE and alarm once it is used up. */
export type PoolLevel = 'ok' | 'near' | 'full';

/** 90 %: late enough not to nag, early enough to turn on overage or change the plan before renders are refused. */
export const NEAR_SHARE = 0.9;

export function poolLevel(used: number, limit: number): PoolLevel {
  if (limit <= 0) return 'ok';
  if (used >= limit) return 'full';
  return used >= limit * NEAR_SHARE ? 'near' : 'ok';
}

/** The share used, in whole percent, never shown as 100 before the pool is really used up. */
export function percentUsed(used: number, limit: number): number {
  if (limit <= 0) return 0;
  const percent = Math.floor((used / limit) * 100);
  return used < limit ? Math.min(percent, 99) : percent;
}
