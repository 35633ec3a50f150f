import { Canvas } from 'fabric';
import { useEffect, useRef } from 'react';
import { useEditor } from './editor-context';

/**
 * The drawing surface. fabric wraps its <canvas> in elements of its own, so the element is made here
 * imperatively inside a host React never re-renders into.
 */
export function EditorCanvas() {
  const { attach } = useEditor();
  const host = useRef<HTMLDivElement>(null);
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
    // The scroller pans the zoomed canvas (interactions/canvas-zoom.ts finds it by `data-canvas-scroller`, and sets
    // its height: the design's as drawn plus a margin, up to a share of the window, so the area takes the design's
    // shape; h-80 holds the place until then). fabric's own wrapper carries the canvas's on-screen size, so the
    // host takes its size from it. The design sits centred on a plain pasteboard while it is smaller than the
    // scroller (auto margins in a flex box, which fall to 0 once it overflows, so scrolling still reaches every
    // edge); the checkerboard, which says "transparent", is the design's only.
    <div data-canvas-scroller="" className="flex h-80 overflow-auto rounded border border-slate-300 bg-slate-200">
      <div
        ref={host}
        data-testid="editor-canvas"
        className="m-auto w-fit shrink-0 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] shadow"
      />
    </div>
  );
}
