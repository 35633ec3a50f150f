import { Canvas } from 'fabric';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useEditor } from './editor-context';

/** What the canvas area's keys do, said when it takes focus (its description; the Shortcuts dialog lists the rest). */
const CANVAS_KEYS =
  'Arrow keys move the selected layer by 1 px (Shift: 10 px); Delete removes it; Escape clears the selection. ' +
  '[ and ] select the layer behind or in front (or choose one in Layers); Tab leaves the canvas. Question mark lists every shortcut.';

/**
 * The drawing surface. fabric wraps its <canvas> in elements of its own, so the element is made here
 * imperatively inside a host React never re-renders into.
 */
export function EditorCanvas() {
  const { attach, size } = useEditor();
  const host = useRef<HTMLDivElement>(null);
  const keysId = useId();
  useEffect(() => {
    const element = document.createElement('canvas');
    element.setAttribute('aria-label', 'Design canvas');
    element.setAttribute('role', 'img');
    host.current?.append(element);
    // preserveObjectStacking: a selected object stays at its layer instead of jumping to the top.
    const canvas = new Canvas(element, { preserveObjectStacking: true, enableRetinaScaling: false });
    attach(canvas);
    return () => {
      attach(null);
      // dispose() puts the <canvas> back in place of fabric's wrapper; then it goes too.
      void canvas.dispose().then(() => element.remove());
    };
  }, [attach]);
  return (
    <>
      {/* Beside the scroller, not in it: its content is the design alone (the zoom sizes the area by it). */}
      <p id={keysId} className="sr-only">
        {CANVAS_KEYS}
      </p>
      <CanvasArea label={`Design canvas, ${size.width} by ${size.height}`} describedBy={keysId}>
        <div
          ref={host}
          data-testid="editor-canvas"
          className="m-auto w-fit shrink-0 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] shadow"
        />
      </CanvasArea>
    </>
  );
}

function CanvasArea({ label, describedBy, children }: { label: string; describedBy: string; children: ReactNode }) {
  return (
    // The scroller pans the zoomed canvas (interactions/canvas-zoom.ts finds it by `data-canvas-scroller`, and sets
    // its height: the design's as drawn plus a margin, up to a share of the window, so the area takes the design's
    // shape; h-80 holds the place until then). fabric's own wrapper carries the canvas's on-screen size, so the
    // host takes its size from it. The design sits centred on a plain pasteboard while it is smaller than the
    // scroller (auto margins in a flex box, which fall to 0 once it overflows, so scrolling still reaches every
    // edge); the checkerboard, which says "transparent", is the design's only.
    // It is also the canvas's keyboard stop (one Tab stop, never a trap: Tab goes on to Properties): focused, the
    // editor's shortcuts (interactions/canvas-keyboard.ts) move and delete the selected layer, said in a live region.
    // role="application": a screen reader passes the arrow keys to it instead of reading the page with them.
    <div
      data-canvas-scroller=""
      tabIndex={0}
      role="application"
      aria-label={label}
      aria-describedby={describedBy}
      className="flex h-80 overflow-auto rounded border border-slate-300 bg-slate-200"
    >
      {children}
    </div>
  );
}
