import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, messageOf } from '../api/problem';
import { Alert } from './alert';

/**
 * Loading, error (with the problem detail) or the data: nothing fails silently. `missing` replaces the bare alert
 * when the API answers 404: a page opened from an old link or another workspace's link then still has a heading
 * and a way back.
 */
export function QueryState<T>({
  query,
  missing,
  children,
}: {
  query: UseQueryResult<T>;
  missing?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (query.isError) {
    if (missing && query.error instanceof ApiError && query.error.status === 404) return <>{missing}</>;
    return <Alert>{messageOf(query.error)}</Alert>;
  }
  return <>{children(query.data)}</>;
}
