/**
 * What the code editor page and the sandboxed player frame (video-player.html) say to each other with
 * postMessage. The frame has an opaque origin (sandbox without allow-same-origin), so each side checks the
 * message's source window instead of its origin.
 */
export interface SceneToPlay {
  type: 'scene';
  /** The compiled CommonJS module (GET /video/templates/{uid}/module). */
  code: string;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  props: Record<string, unknown>;
}

/**
 * The page asks the frame whether it is ready once the page listens: the frame's own `player-ready` is posted when
 * its script has started, which on a busy machine can come before the page's listener exists (the frame may run in
 * another process), and then the page would wait for it for ever. Either way one `player-ready` reaches the page.
 */
export interface PlayerHello {
  type: 'player-hello';
}

export function isPlayerHello(data: unknown): data is PlayerHello {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'player-hello';
}

export type PlayerReport =
  | { type: 'player-ready' }
  | { type: 'player-playing' }
  | { type: 'player-error'; message: string }
  /** Ctrl+S (Cmd+S) pressed with focus in the frame: kept from the browser there, the editor page saves. */
  | { type: 'player-save-shortcut'; repeat: boolean };

export function isSceneToPlay(data: unknown): data is SceneToPlay {
  const d = data as Partial<SceneToPlay> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    d.type === 'scene' &&
    typeof d.code === 'string' &&
    [d.width, d.height, d.fps, d.durationInFrames].every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0) &&
    typeof d.props === 'object' &&
    d.props !== null
  );
}

export function isPlayerReport(data: unknown): data is PlayerReport {
  const d = data as { type?: unknown; message?: unknown } | null;
  if (typeof d !== 'object' || d === null) return false;
  if (d.type === 'player-save-shortcut') return typeof (d as { repeat?: unknown }).repeat === 'boolean';
  return d.type === 'player-ready' || d.type === 'player-playing' || (d.type === 'player-error' && typeof d.message === 'string');
}
