import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '../../../kit/button';
import { LiveMessage } from '../../../kit/live-message';
import { plural } from '../../../kit/plural';
import { CLIP_TYPE_NAMES } from './clip-type-names';
import { clipAt, moveClip, projectLength, trimClipEnd, trimClipStart, type Clip, type ClipRef, type Project } from './timeline-model';

const LABEL_WIDTH = 96;
const EDGE = 8;

type DragMode = 'move' | 'start' | 'end';
interface Drag {
  ref: ClipRef;
  mode: DragMode;
  startX: number;
  frames: number;
}

const COLOURS: Record<Clip['type'], string> = {
  text: 'bg-indigo-600',
  solid: 'bg-slate-600',
  shape: 'bg-amber-700',
  image: 'bg-emerald-700',
  video: 'bg-rose-700',
  audio: 'bg-cyan-800',
  html: 'bg-violet-700',
  caption: 'bg-fuchsia-800',
};

/** What a clip block says: its type and its main value, shortened. */
function clipTitle(clip: Clip): string {
  const main =
    clip.type === 'text'
      ? clip.text
      : clip.type === 'solid'
        ? clip.color
        : clip.type === 'shape'
          ? clip.fill
          : 'src' in clip
            ? clip.src
            : '';
  return `${CLIP_TYPE_NAMES[clip.type]} clip${main ? `: ${String(main).slice(0, 40)}` : ''}`;
}

const timeLabel = (frame: number, fps: number) => {
  const seconds = Math.floor(frame / fps);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Applies a drag (in whole frames) the way the matching keyboard edit would. */
function dragged(project: Project, drag: Drag | null): Project {
  if (!drag || drag.frames === 0) return project;
  if (drag.mode === 'move') return moveClip(project, drag.ref, drag.frames);
  if (drag.mode === 'start') return trimClipStart(project, drag.ref, drag.frames);
  return trimClipEnd(project, drag.ref, drag.frames);
}

/**
 * The tracks and clips on a time ruler. A clip is a button: click or focus selects it; drag its middle to
 * move it and its edges to trim it; with the keyboard, arrows move it (Shift: by a second), Alt+arrows move
 * its end and Alt+Shift+arrows its start. The ruler is the playhead's slider: a click or a drag on it, or on a
 * track's empty space, moves the playhead (the player seeks); focused, arrows move it a frame (Shift: a second) and
 * Home/End to either end. The frame readout and track names stay in view while the timeline scrolls sideways.
 */
export function TimelineEditor({
  project,
  selected,
  frame,
  onSelect,
  onChange,
  onSeek,
  onSelectTrack,
  selectedTrack,
}: {
  project: Project;
  selected: ClipRef | null;
  frame: number;
  onSelect: (ref: ClipRef | null) => void;
  onChange: (project: Project) => void;
  onSeek: (frame: number) => void;
  onSelectTrack: (track: number) => void;
  selectedTrack: number;
}) {
  const [zoom, setZoom] = useState(4);
  const [drag, setDrag] = useState<Drag | null>(null);
  const shown = dragged(project, drag);
  const length = projectLength(shown);
  const fps = shown.fps;
  const width = (length + fps) * zoom;
  const step = fps * Math.max(1, Math.ceil(60 / (fps * zoom)));

  const begin = (event: PointerEvent<HTMLButtonElement>, ref: ClipRef) => {
    if (event.button !== 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const mode: DragMode = x < EDGE ? 'start' : x > box.width - EDGE ? 'end' : 'move';
    event.currentTarget.setPointerCapture(event.pointerId);
    onSelect(ref);
    setDrag({ ref, mode, startX: event.clientX, frames: 0 });
  };
  const follow = (event: PointerEvent<HTMLButtonElement>) => {
    if (!drag) return;
    const frames = Math.round((event.clientX - drag.startX) / zoom);
    if (frames !== drag.frames) setDrag({ ...drag, frames });
  };
  const end = () => {
    if (!drag) return;
    if (drag.frames !== 0) onChange(dragged(project, drag));
    setDrag(null);
  };
  const keys = (event: KeyboardEvent<HTMLButtonElement>, ref: ClipRef) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const sign = event.key === 'ArrowLeft' ? -1 : 1;
    if (event.altKey && event.shiftKey) onChange(trimClipStart(project, ref, sign));
    else if (event.altKey) onChange(trimClipEnd(project, ref, sign));
    else onChange(moveClip(project, ref, sign * (event.shiftKey ? fps : 1)));
  };
  const last = Math.max(0, length - 1);
  const seekTo = (f: number) => onSeek(Math.max(0, Math.min(last, Math.round(f))));
  const seek = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seekTo((event.clientX - box.left) / zoom);
  };
  // Press on the ruler (or a track's empty space) and drag: the playhead follows the pointer.
  const press = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.target !== event.currentTarget) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    seek(event);
  };
  const scrub = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) seek(event);
  };
  const rulerKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const by = event.shiftKey ? fps : 1;
    const to =
      event.key === 'ArrowLeft'
        ? frame - by
        : event.key === 'ArrowRight'
          ? frame + by
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    seekTo(to);
  };
  const current = selected ? clipAt(shown, selected) : undefined;

  return (
    <section aria-label="Timeline" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Timeline</h2>
        <div className="flex items-center gap-2 text-sm">
          <Button variant="secondary" onClick={() => setZoom((z) => Math.max(0.5, z / 2))}>
            Zoom out
          </Button>
          <Button variant="secondary" onClick={() => setZoom((z) => Math.min(32, z * 2))}>
            Zoom in
          </Button>
        </div>
      </div>
      <p id="timeline-keys" className="text-xs text-slate-600">
        Drag a clip to move it, its edges to trim it. Keyboard: arrows move the selected clip by a frame (Shift: a second), Alt+arrows move
        its end, Alt+Shift+arrows its start.
      </p>
      <p className="text-xs text-slate-600">
        Click or drag along the ruler (or a track&apos;s empty space) to move the playhead; on the focused ruler, arrows move it a frame.
      </p>
      <LiveMessage small>
        {current
          ? `${clipTitle(current)} — frames ${current.from} to ${current.from + current.durationInFrames - 1} (${plural(current.durationInFrames, 'frame')})`
          : 'No clip selected: the panel shows the project.'}
      </LiveMessage>
      <div className="overflow-x-auto">
        <div className="relative" style={{ width: LABEL_WIDTH + width }}>
          <div className="flex" style={{ height: 24 }}>
            <div
              style={{ width: LABEL_WIDTH }}
              className="sticky left-0 z-10 shrink-0 bg-white text-xs whitespace-nowrap text-slate-700"
              data-testid="frame-readout"
            >
              {timeLabel(frame, fps)} · frame {frame}
            </div>
            <div
              className="relative cursor-pointer touch-none rounded-t border-b border-slate-400 bg-slate-100 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
              style={{ width }}
              role="slider"
              tabIndex={0}
              aria-label="Playhead"
              aria-valuemin={0}
              aria-valuemax={last}
              aria-valuenow={frame}
              aria-valuetext={`${timeLabel(frame, fps)}, frame ${frame}`}
              onPointerDown={press}
              onPointerMove={scrub}
              onKeyDown={rulerKeys}
              data-testid="ruler"
            >
              {Array.from({ length: Math.floor(width / zoom / step) + 1 }, (_, i) => i * step).map((f) => (
                <span
                  key={f}
                  // Ticks let the press through to the ruler, so a click on a label seeks like anywhere else.
                  className="pointer-events-none absolute top-0 border-l border-slate-400 pl-0.5 text-[10px] text-slate-700"
                  style={{ left: f * zoom }}
                >
                  {timeLabel(f, fps)}
                </span>
              ))}
            </div>
          </div>
          {shown.tracks.map((track, t) => (
            <div key={t} className="flex border-b border-slate-100" role="group" aria-label={`Track ${t + 1}`}>
              <button
                type="button"
                className={`sticky left-0 z-10 shrink-0 bg-white px-1 text-left text-xs ${selectedTrack === t ? 'font-semibold text-indigo-800' : 'text-slate-700'}`}
                style={{ width: LABEL_WIDTH }}
                aria-pressed={selectedTrack === t}
                onClick={() => onSelectTrack(t)}
              >
                Track {t + 1}
              </button>
              <div className="relative h-10" style={{ width }} role="presentation" onPointerDown={press} onPointerMove={scrub}>
                {track.clips.map((clip, c) => {
                  const isSelected = selected?.track === t && selected.clip === c;
                  return (
                    <button
                      key={c}
                      type="button"
                      data-clip={`${t}-${c}`}
                      aria-pressed={isSelected}
                      aria-label={`${clipTitle(clip)}, frames ${clip.from} to ${clip.from + clip.durationInFrames - 1}`}
                      aria-describedby="timeline-keys"
                      className={`absolute top-1 bottom-1 cursor-grab touch-none overflow-hidden rounded px-2 text-left text-xs whitespace-nowrap text-white ${COLOURS[clip.type]} ${isSelected ? 'outline-3 outline-offset-1 outline-amber-400' : ''}`}
                      style={{ left: clip.from * zoom, width: Math.max(2, clip.durationInFrames * zoom) }}
                      onPointerDown={(e) => begin(e, { track: t, clip: c })}
                      onPointerMove={follow}
                      onPointerUp={end}
                      onPointerCancel={() => setDrag(null)}
                      onFocus={() => onSelect({ track: t, clip: c })}
                      onKeyDown={(e) => keys(e, { track: t, clip: c })}
                    >
                      <span aria-hidden="true" className="absolute inset-y-0 left-0 w-2 cursor-ew-resize bg-white/30" />
                      {clipTitle(clip)}
                      <span aria-hidden="true" className="absolute inset-y-0 right-0 w-2 cursor-ew-resize bg-white/30" />
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-0 bottom-0 w-px bg-red-600"
            style={{ left: LABEL_WIDTH + frame * zoom }}
          />
        </div>
      </div>
    </section>
  );
}
