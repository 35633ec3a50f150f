import { Button } from '../../../../kit/button';
import type { AlignEdge, DistributeAxis } from './geometry';
import type { CanvasInteractions } from './use-canvas-interactions';

const ALIGN: Array<[AlignEdge, string]> = [
  ['left', 'Align left'],
  ['centre', 'Align centre'],
  ['right', 'Align right'],
  ['top', 'Align top'],
  ['middle', 'Align middle'],
  ['bottom', 'Align bottom'],
];
const DISTRIBUTE: Array<[DistributeAxis, string]> = [
  ['horizontal', 'Distribute horizontally'],
  ['vertical', 'Distribute vertically'],
];

const SMALL = 'px-2 py-1';

/**
 * Undo/redo, arrange (align and distribute the selection) and view (zoom) controls. Align works on one object
 * (against the page) or several (against their bounds); distribute needs three or more.
 */
export function ArrangeToolbar({ interactions, selected }: { interactions: CanvasInteractions; selected: number }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="toolbar" aria-label="History" className="flex gap-1">
        <Button variant="secondary" className={SMALL} onClick={interactions.undo} disabled={!interactions.canUndo}>
          Undo
        </Button>
        <Button variant="secondary" className={SMALL} onClick={interactions.redo} disabled={!interactions.canRedo}>
          Redo
        </Button>
      </div>
      <div role="toolbar" aria-label="Arrange" className="flex flex-wrap gap-1">
        {ALIGN.map(([edge, label]) => (
          <Button key={edge} variant="secondary" className={SMALL} onClick={() => interactions.align(edge)} disabled={selected === 0}>
            {label}
          </Button>
        ))}
        {DISTRIBUTE.map(([axis, label]) => (
          <Button key={axis} variant="secondary" className={SMALL} onClick={() => interactions.distribute(axis)} disabled={selected < 3}>
            {label}
          </Button>
        ))}
        <Button variant="secondary" className={SMALL} onClick={interactions.duplicate} disabled={selected === 0}>
          Duplicate
        </Button>
        <Button variant="secondary" className={SMALL} onClick={interactions.remove} disabled={selected === 0}>
          Delete
        </Button>
      </div>
      <div role="toolbar" aria-label="View" className="flex items-center gap-1">
        <Button variant="secondary" className={SMALL} onClick={interactions.zoomOut} aria-label="Zoom out">
          −
        </Button>
        <output aria-live="polite" aria-label="Zoom" className="w-14 text-center text-sm tabular-nums">
          {Math.round(interactions.zoom * 100)} %
        </output>
        <Button variant="secondary" className={SMALL} onClick={interactions.zoomIn} aria-label="Zoom in">
          +
        </Button>
        <Button variant="secondary" className={SMALL} onClick={interactions.fit}>
          Fit
        </Button>
        <Button variant="secondary" className={SMALL} onClick={interactions.actualSize}>
          100 %
        </Button>
        <Button variant="ghost" className={SMALL} onClick={() => interactions.setHelpOpen(true)}>
          Keyboard shortcuts
        </Button>
      </div>
    </div>
  );
}
