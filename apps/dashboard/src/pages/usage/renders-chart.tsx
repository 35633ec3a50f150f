import type { DayCounts } from '../../api/usage';
import { plural } from '../../kit/plural';
import { axisLabel, barTitle, CHART_NOTE, chargedOf, dayLabel, dayTotal, isToday, splitOf } from './chart-days';

const KINDS = [
  { key: 'image', label: 'Images', color: '#4338ca' },
  { key: 'gif', label: 'GIFs', color: '#0f766e' },
  { key: 'pdf', label: 'PDFs', color: '#b45309' },
  { key: 'video', label: 'Videos', color: '#be123c' },
] as const;

/** Failed renders: white stripes over the top of the bar, so the kinds' colours still show beneath them. */
const FAILED_HATCH = 'failed-renders-hatch';
const FAILED_SWATCH = 'repeating-linear-gradient(135deg, #475569 0 2px, #ffffff 2px 4px)';
/** Binding refreshes (never charged): white dots, just beneath the failed stripes. */
const REFRESH_DOTS = 'binding-refreshes-dots';
const REFRESH_SWATCH = 'radial-gradient(circle, #ffffff 1px, #475569 1.5px) 0 0 / 4px 4px';

/**
 * Renders per day stacked by kind, as inline SVG (no chart library); each bar's title gives its day's numbers, the
 * caption the totals. A bar's top, as tall as the day's failed renders, is striped, and beneath it, as tall as its
 * binding refreshes, dotted: they count but are not charged (the API does not split them by kind, so the stripes and
 * dots lie over the kinds' colours). The caption says how many were charged, so charged and free add up to the total. The last day is today, still under way: its column is shaded (shown even with no render yet),
 * its bar paler, and the axis calls it "Today, so far", so a short bar is not read as a slow day. `now` is for tests.
 */
export function RendersChart({ days, now = new Date() }: { days: DayCounts[]; now?: Date }) {
  const height = 160;
  const barWidth = 12;
  const gap = 4;
  const max = Math.max(1, ...days.map(dayTotal));
  const total = days.reduce((sum, d) => sum + dayTotal(d), 0);
  const free = {
    failed: days.reduce((sum, d) => sum + d.failed, 0),
    bindingRefreshes: days.reduce((sum, d) => sum + d.bindingRefreshes, 0),
    aiScreenshots: days.reduce((sum, d) => sum + d.aiScreenshots, 0),
  };
  const last = days[days.length - 1];
  const range = days.length > 0 ? ` (${dayLabel(days[0]!.date)} to ${axisLabel(last!.date, now).toLowerCase()})` : '';
  return (
    <figure className="flex flex-col gap-2">
      {/* Scales to the box (a phone's 390 px included): the bars narrow instead of the chart scrolling sideways. */}
      <div className="w-full max-w-[480px]">
        <svg
          role="img"
          aria-label={`Renders per day over ${plural(days.length, 'day')}${range}: ${total} in all${total > 0 ? `: ${splitOf(total, free)}` : ''}`}
          viewBox={`0 0 ${Math.max(1, days.length * (barWidth + gap))} ${height}`}
          preserveAspectRatio="none"
          className="block h-40 w-full"
        >
          <defs>
            <pattern id={FAILED_HATCH} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="4" height="4" fill="#475569" />
              <rect width="2" height="4" fill="#ffffff" />
            </pattern>
            <pattern id={REFRESH_DOTS} width="4" height="4" patternUnits="userSpaceOnUse">
              <rect width="4" height="4" fill="#475569" />
              <circle cx="2" cy="2" r="1" fill="#ffffff" />
            </pattern>
          </defs>
          {days.map((d, i) => {
            const today = isToday(d.date, now);
            let y = height;
            return (
              <g key={d.date} fillOpacity={today ? 0.6 : 1}>
                <title>{barTitle(d, now)}</title>
                {today && <rect x={i * (barWidth + gap) - gap / 2} y={0} width={barWidth + gap} height={height} fill="#e2e8f0" />}
                {KINDS.map((k) => {
                  const h = (d[k.key] / max) * (height - 4);
                  y -= h;
                  return h > 0 ? <rect key={k.key} x={i * (barWidth + gap)} y={y} width={barWidth} height={h} fill={k.color} /> : null;
                })}
                {d.failed > 0 && (
                  <rect
                    x={i * (barWidth + gap)}
                    y={y}
                    width={barWidth}
                    height={(d.failed / max) * (height - 4)}
                    fill={`url(#${FAILED_HATCH})`}
                    data-failed={d.failed}
                  />
                )}
                {d.bindingRefreshes > 0 && (
                  <rect
                    x={i * (barWidth + gap)}
                    y={y + (d.failed / max) * (height - 4)}
                    width={barWidth}
                    height={(d.bindingRefreshes / max) * (height - 4)}
                    fill={`url(#${REFRESH_DOTS})`}
                    data-binding-refreshes={d.bindingRefreshes}
                  />
                )}
              </g>
            );
          })}
        </svg>
        {/* The axis's two ends: without them a lone bar does not say which day it is. */}
        {days.length > 0 && (
          <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
            <span>{dayLabel(days[0]!.date)}</span>
            <span className={isToday(last!.date, now) ? 'font-medium text-slate-800' : undefined}>{axisLabel(last!.date, now)}</span>
          </div>
        )}
      </div>
      <figcaption className="flex flex-col gap-1 text-sm">
        <span className="flex flex-wrap gap-3">
          {KINDS.map((k) => (
            <span key={k.key} className="flex items-center gap-1">
              <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: k.color }} />
              {k.label}: {days.reduce((sum, d) => sum + d[k.key], 0)}
            </span>
          ))}
          <span className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: FAILED_SWATCH }} />
            Failed, not charged: {free.failed}
          </span>
          <span className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: REFRESH_SWATCH }} />
            Binding refreshes, not charged: {free.bindingRefreshes}
          </span>
          {free.aiScreenshots > 0 && <span>AI screenshots, paid in AI credits: {free.aiScreenshots}</span>}
          <span>Charged: {chargedOf(total, free)}</span>
        </span>
        <span className="text-slate-700">{CHART_NOTE}</span>
      </figcaption>
    </figure>
  );
}
