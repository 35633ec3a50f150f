import { formatCount } from './format';

/** A meter's look: `near` its limit (amber) or `full` (red, the numbers say so too); otherwise the usual indigo. */
export type MeterState = 'normal' | 'near' | 'full';

// The fill's colour per state (the base style in styles.css draws it indigo); Tailwind needs whole literal class names.
const FILL: Record<MeterState, string> = {
  normal: '',
  near: '[&::-webkit-progress-value]:bg-amber-500 [&::-moz-progress-bar]:bg-amber-500',
  full: '[&::-webkit-progress-value]:bg-red-600 [&::-moz-progress-bar]:bg-red-600',
};

/** An amount used of a limit, as a labelled bar with the numbers beside it. */
export function Meter({ label, used, limit, state = 'normal' }: { label: string; used: number; limit: number; state?: MeterState }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className={state === 'full' ? 'font-semibold text-red-800' : ''}>
          {formatCount(used)} of {formatCount(limit)}
          {state === 'full' && ' (used up)'}
        </span>
      </div>
      <progress className={`h-2 w-full ${FILL[state]}`} aria-label={label} max={Math.max(limit, 1)} value={Math.min(used, limit)} />
    </div>
  );
}
