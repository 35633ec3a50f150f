import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageOf } from '../api/problem';
import { Alert } from './alert';

/** Loading, error (with the problem detail) or the data: nothing fails silently. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (query.isError) return <Alert>{messageOf(query.error)}</Alert>;
  return <>{children(query.data)}</>;
}
