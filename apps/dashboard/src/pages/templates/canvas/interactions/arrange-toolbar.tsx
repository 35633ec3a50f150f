import { Button } from '../../../../kit/button';
import { LiveMessage } from '../../../../kit/live-message';
import { NarrowDisclosure } from '../narrow-disclosure';
import type { AlignEdge, DistributeAxis } from './geometry';
import type { CanvasInteractions } from './use-canvas-interactions';

// The visible word is the edge or axis (the group's label says "Align" / "Distribute"); the accessible name is
// the whole action and contains that word, so speech input ("click Left") and screen readers both find it.
const ALIGN: Array<[AlignEdge, string, string]> = [
  ['left', 'Left', 'Align left'],
  ['centre', 'Centre', 'Align centre'],
  ['right', 'Right', 'Align right'],
  ['top', 'Top', 'Align top'],
  ['middle', 'Middle', 'Align middle'],
  ['bottom', 'Bottom', 'Align bottom'],
];
const DISTRIBUTE: Array<[DistributeAxis, string, string]> = [
  ['horizontal', 'Horizontally', 'Distribute horizontally'],
  ['vertical', 'Vertically', 'Distribute vertically'],
];

const GROUP_LABEL = 'pl-1 text-xs font-medium text-slate-700';

/**
 * Undo/redo, arrange (align and distribute the selection) and view (zoom) controls. Align works on one object
 * (against the page) or several (against their bounds); distribute needs three or more. Its toolbars are items of
 * the editor's one row of tools (tool-row.tsx) (`contents`: no box of its own), beside the toolbar that adds objects.
 *
 * From 640 to 1279 px (a tablet beside the dashboard's menu, a small laptop) the rarely used ones, Arrange and the
 * shortcuts' help, wait behind "More tools", in the place Arrange has on a laptop: there all the tools took up to
 * seven rows and pushed the canvas down; so they take three at most. Opened, they take a row of their own under
 * the button (what is seen is what Tab reaches, in order). On a phone (the sideways row) and from 1280 px all show.
 */
export function ArrangeToolbar({ interactions, selected }: { interactions: CanvasInteractions; selected: number }) {
  return (
    <div className="contents">
      <div role="toolbar" aria-label="History" className="flex gap-1">
        <Button variant="secondary" size="sm" onClick={interactions.undo} disabled={!interactions.canUndo}>
          Undo
        </Button>
        <Button variant="secondary" size="sm" onClick={interactions.redo} disabled={!interactions.canRedo}>
          Redo
        </Button>
      </div>
      <NarrowDisclosure label="More tools" range="sm-to-xl" size="sm" closeOnPressOutside={false}>
        <div role="toolbar" aria-label="Arrange" className="flex flex-wrap items-center gap-1">
          <span aria-hidden="true" className={GROUP_LABEL}>
            Align
          </span>
          {ALIGN.map(([edge, text, label]) => (
            <Button
              key={edge}
              variant="secondary"
              size="sm"
              aria-label={label}
              onClick={() => interactions.align(edge)}
              disabled={selected === 0}
            >
              {text}
            </Button>
          ))}
          <span aria-hidden="true" className={GROUP_LABEL}>
            Distribute
          </span>
          {DISTRIBUTE.map(([axis, text, label]) => (
            <Button
              key={axis}
              variant="secondary"
              size="sm"
              aria-label={label}
              onClick={() => interactions.distribute(axis)}
              disabled={selected < 3}
            >
              {text}
            </Button>
          ))}
          <Button variant="secondary" size="sm" onClick={interactions.duplicate} disabled={selected === 0}>
            Duplicate
          </Button>
          <Button variant="secondary" size="sm" onClick={interactions.remove} disabled={selected === 0}>
            Delete
          </Button>
        </div>
        {/* The help's place while folded away: the View toolbar's own button is hidden at these widths. */}
        <ShortcutsButton interactions={interactions} className="max-sm:hidden xl:hidden" />
      </NarrowDisclosure>
      <div role="toolbar" aria-label="View" className="flex items-center gap-1">
        <Button variant="secondary" size="sm" onClick={interactions.zoomOut} aria-label="Zoom out">
          −
        </Button>
        {/* The figure as plain text (read when the toolbar is read); a change the person asked for is said below. */}
        <span className="w-14 text-center text-sm tabular-nums">
          <span className="sr-only">Zoom </span>
          {Math.round(interactions.zoom * 100)} %
        </span>
        <LiveMessage inline className="sr-only">
          {interactions.zoomSaid}
        </LiveMessage>
        <Button variant="secondary" size="sm" onClick={interactions.zoomIn} aria-label="Zoom in">
          +
        </Button>
        <Button variant="secondary" size="sm" onClick={interactions.fit}>
          Fit
        </Button>
        <Button variant="secondary" size="sm" onClick={interactions.actualSize}>
          100 %
        </Button>
        <ShortcutsButton interactions={interactions} className="sm:max-xl:hidden" />
      </div>
    </div>
  );
}

/** Opens the keyboard shortcuts' help; one of its two places shows at a time (`className` hides the other). */
function ShortcutsButton({ interactions, className }: { interactions: CanvasInteractions; className: string }) {
  return (
    <Button variant="ghost" size="sm" aria-label="Keyboard shortcuts" className={className} onClick={() => interactions.setHelpOpen(true)}>
      Shortcuts
    </Button>
  );
}
