import { bindTimelineVariables } from '@pressroom/video/timeline';
import { TimelineScene } from '@pressroom/video/timeline-scene';
import { Player, type PlayerRef } from '@remotion/player';
import { useEffect, useMemo, type RefObject } from 'react';
import { ApiError, besideItsField } from '../../../api/problem';
import { Alert } from '../../../kit/alert';
import { MessageText } from '../../../kit/message-text';
import type { Project } from './timeline-model';
import type { StudioFont } from './timeline-variables';

/** The player's tallest: a share of the window, as the canvas editor's area (interactions/zoom.ts maxAreaHeight). */
const PLAYER_MAX_HEIGHT = '70vh';

/**
 * The composition the renderer draws (libs/video/runtime/timeline-scene.jsx), played by Remotion's player
 * with the same variable binding and checks as a render (bindTimelineVariables): what plays here is what
 * renders, except media the server would refuse (it fetches video and audio itself, through the SSRF guard).
 * The account fonts the project names are registered first, as in a render. When the project cannot play, the box
 * says why in the studio's words (`nameOf`), except what a refused save (`refused`) already says beside its field and
 * in the banner: the same problem once, where it is fixed.
 */
export function StudioPlayer({
  project,
  values,
  fonts,
  playerRef,
  openAt,
  onFrame,
  refused,
  nameOf,
}: {
  project: Project;
  values: Record<string, unknown>;
  fonts: StudioFont[];
  playerRef: RefObject<PlayerRef | null>;
  /** The frame the player shows when it mounts (the studio's playhead: at first the poster frame). */
  openAt: number;
  onFrame: (frame: number) => void;
  /** The last refused save, whose per-field messages the studio shows already. */
  refused: unknown;
  nameOf: (field: string) => string;
}) {
  const bound = useMemo(() => bindTimelineVariables(project, values), [project, values]);
  const inputProps = useMemo(() => (bound.ok ? { project: bound.project, fonts } : null), [bound, fonts]);
  useEffect(() => {
    const player = playerRef.current;
    if (!player) return;
    const update = (event: { detail: { frame: number } }) => onFrame(event.detail.frame);
    player.addEventListener('frameupdate', update);
    player.addEventListener('seeked', update);
    return () => {
      player.removeEventListener('frameupdate', update);
      player.removeEventListener('seeked', update);
    };
  }, [playerRef, onFrame, inputProps]);
  if (!bound.ok || !inputProps) {
    const saved = refused instanceof ApiError ? refused.fieldErrors() : [];
    // Worded as the refused save's are (besideItsField), after the field's name: one message, said alike, and dropped here once saved.
    const own = bound.ok
      ? []
      : bound.errors
          .map((e) => ({ field: e.field, message: besideItsField(e.field, e.message) }))
          .filter((e) => !saved.some((s) => s.field === e.field && s.message === e.message));
    return (
      <Alert>
        {own.length === 0 ? (
          <p>The player cannot play this project until the refused settings are fixed.</p>
        ) : (
          <>
            <p>The player cannot play this project yet:</p>
            <ul className="list-disc pl-5">
              {own.map((e) => (
                <li key={`${e.field}${e.message}`}>
                  <MessageText text={`${nameOf(e.field)}: ${e.message}`} />
                </li>
              ))}
            </ul>
          </>
        )}
      </Alert>
    );
  }
  const p = inputProps.project;
  return (
    // The player fits the column's width and at most 70% of the window's height, keeping the project's shape, centred
    // on black: a tall, narrow size (2 × 3840) scaled to the column's width alone made the page tens of thousands of
    // px tall, with the player's controls far below the first screen.
    <div role="region" aria-label="Player" data-testid="player" className="flex justify-center overflow-hidden rounded-md bg-black">
      <Player
        // The composition registers its fonts when it mounts: another set of fonts mounts it again.
        key={fonts.map((f) => f.url).join(' ')}
        ref={playerRef}
        component={TimelineScene}
        inputProps={inputProps}
        durationInFrames={p.durationInFrames}
        compositionWidth={p.width}
        compositionHeight={p.height}
        fps={p.fps}
        // Read when the player mounts (again when the fonts change): kept within the project, as the player checks it.
        initialFrame={Math.max(0, Math.min(openAt, p.durationInFrames - 1))}
        controls
        // Remotion's own licence (docs/video.md, "Remotion's licence"): acknowledged, so it does not warn in the console.
        acknowledgeRemotionLicense
        // With this on (Remotion's default), the player focuses its Play button when it mounts and whenever playback
        // starts or stops, so opening the studio (or a new set of fonts remounting the player, or the video ending)
        // took focus away from the page or from the field being edited. The button still plays and pauses with Space
        // once the user has focused it.
        spaceKeyToPlayOrPause={false}
        style={{ width: `min(100%, ${PLAYER_MAX_HEIGHT} * ${p.width} / ${p.height})`, aspectRatio: `${p.width} / ${p.height}` }}
      />
    </div>
  );
}
