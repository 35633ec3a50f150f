/**
 * The nav entry a path belongs to: the one with the longest path that is the path itself or a parent of it, so
 * /templates/starters marks "Starter gallery" alone while /templates/{uid}/edit still marks "Templates".
 */
export function currentNavPath(pathname: string, items: readonly { path: string }[]): string | null {
  const path = pathname.replace(/^\//, '').replace(/\/$/, '');
  let best: string | null = null;
  for (const { path: candidate } of items) {
    const covers = candidate === '' ? path === '' : path === candidate || path.startsWith(`${candidate}/`);
    if (covers && (best === null || candidate.length > best.length)) best = candidate;
  }
  return best;
}
