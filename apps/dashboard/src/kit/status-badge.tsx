import type { ReactNode } from 'react';
import type { StatusTone } from './status-tone';

// Dark text on a pale fill with a border: readable (WCAG AA) in every tone, and still a shape in forced colours.
const TONES: Record<StatusTone, string> = {
  good: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  bad: 'border-red-200 bg-red-50 text-red-800',
  busy: 'border-sky-200 bg-sky-50 text-sky-800',
  idle: 'border-slate-200 bg-slate-100 text-slate-700',
};

/** A status as a small labelled pill, the same in every list (renders, webhook deliveries). The word says the status: colour is never the only sign. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>
  );
}
