import type { DayCounts } from '../../api/usage';
import { plural } from '../../kit/plural';

const KINDS = [
  { key: 'image', label: 'Images', color: '#4338ca' },
  { key: 'gif', label: 'GIFs', color: '#0f766e' },
  { key: 'pdf', label: 'PDFs', color: '#b45309' },
  { key: 'video', label: 'Videos', color: '#be123c' },
] as const;

/** A day of the chart (YYYY-MM-DD, UTC) as the reader's locale writes a short date. */
function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Renders per day stacked by kind, as inline SVG (no chart library); each bar's title gives its day's numbers, the caption the totals. */
export function RendersChart({ days }: { days: DayCounts[] }) {
  const height = 160;
  const barWidth = 12;
  const gap = 4;
  const max = Math.max(1, ...days.map((d) => d.image + d.gif + d.pdf + d.video));
  const total = days.reduce((sum, d) => sum + d.image + d.gif + d.pdf + d.video, 0);
  return (
    <figure className="flex flex-col gap-2">
      {/* Scales to the box (a phone's 390 px included): the bars narrow instead of the chart scrolling sideways. */}
      <div className="w-full max-w-[480px]">
        <svg
          role="img"
          aria-label={`Renders per day over ${plural(days.length, 'day')}${days.length > 0 ? ` (${dayLabel(days[0]!.date)} to ${dayLabel(days[days.length - 1]!.date)})` : ''}: ${total} in all`}
          viewBox={`0 0 ${Math.max(1, days.length * (barWidth + gap))} ${height}`}
          preserveAspectRatio="none"
          className="block h-40 w-full"
        >
          {days.map((d, i) => {
            let y = height;
            return (
              <g key={d.date}>
                <title>{`${d.date}: ${plural(d.image, 'image')}, ${plural(d.gif, 'GIF')}, ${plural(d.pdf, 'PDF')}, ${plural(d.video, 'video')}`}</title>
                {KINDS.map((k) => {
                  const h = (d[k.key] / max) * (height - 4);
                  y -= h;
                  return h > 0 ? <rect key={k.key} x={i * (barWidth + gap)} y={y} width={barWidth} height={h} fill={k.color} /> : null;
                })}
              </g>
            );
          })}
        </svg>
        {/* The axis's two ends: without them a lone bar does not say which day it is. */}
        {days.length > 0 && (
          <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
            <span>{dayLabel(days[0]!.date)}</span>
            <span>{dayLabel(days[days.length - 1]!.date)}</span>
          </div>
        )}
      </div>
      <figcaption className="flex flex-wrap gap-3 text-sm">
        {KINDS.map((k) => (
          <span key={k.key} className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: k.color }} />
            {k.label}: {days.reduce((sum, d) => sum + d[k.key], 0)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
