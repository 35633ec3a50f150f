import { formatCount } from './format';

/** An amount used of a limit, as a labelled bar with the numbers beside it. */
export function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span>
          {formatCount(used)} of {formatCount(limit)}
        </span>
      </div>
      <progress className="h-2 w-full" aria-label={label} max={Math.max(limit, 1)} value={Math.min(used, limit)} />
    </div>
  );
}
