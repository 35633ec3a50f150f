import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The editor's tools. From sm (640 px: a tablet, a laptop) one wrapping row: two or three rows on a tablet, every
 * tool in sight. Below sm (a phone) one row that scrolls sideways: wrapped, the tools took seven rows of a phone and
 * pushed the canvas off its first screen. Every tool stays in the page and in the tab order (a focused tool scrolls
 * into view); a fade at an edge says there are more tools that way, and goes once that edge is reached.
 */
export function ToolRow({ children }: { children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // The row's width (the window's) and its content's (a tool enabled, the zoom's figure) both change.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const toolbar of element.querySelectorAll('[role="toolbar"]')) observer.observe(toolbar);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  const fade = 'pointer-events-none absolute inset-y-0 w-8 from-slate-50 sm:hidden';
  return (
    <div className="relative">
      {/* Positioned: a screen reader's text in a tool (sr-only, absolute) is placed and clipped in the row; else, past
        the phone's edge in the sideways row, it would widen the page. */}
      <div
        ref={row}
        data-tool-row=""
        className="relative flex items-center gap-x-4 gap-y-2 max-sm:overflow-x-auto max-sm:pb-1 sm:flex-wrap max-sm:[&_[role=toolbar]]:shrink-0"
      >
        {children}
      </div>
      {more.before && <div aria-hidden="true" data-more-tools="before" className={`${fade} left-0 bg-gradient-to-r`} />}
      {more.after && <div aria-hidden="true" data-more-tools="after" className={`${fade} right-0 bg-gradient-to-l`} />}
    </div>
  );
}
