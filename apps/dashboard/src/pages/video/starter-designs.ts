import { TIMELINE_SIZE_PRESETS, type TimelineSizePreset } from '@pressroom/contracts/video-timeline';
import type { Project } from './studio/timeline-model.js';

/** A new timeline's size: one of the API's presets, or a width and height of its own. */
export type StarterSize = { preset: TimelineSizePreset } | { width: number; height: number };

/** The size presets as the dashboard names them (shape, then pixels), in the API's order. */
export const SIZE_PRESET_LABELS: ReadonlyArray<readonly [TimelineSizePreset, string]> = (
  Object.entries(TIMELINE_SIZE_PRESETS) as Array<[TimelineSizePreset, { width: number; height: number }]>
).map(([preset, { width, height }]) => [
  preset,
  `${preset} ${width > height ? 'landscape' : width < height ? 'portrait' : 'square'} (${width} × ${height})`,
]);

/**
 * What a new timeline template starts with: a background and a headline that fades in, 3 s at 30 fps, laid out
 * for its size. A preset is saved as `size` (the studio shows it chosen); a size of its own as width and height.
 */
export function starterTimeline(size: StarterSize = { width: 1280, height: 720 }): Project {
  const { width, height } = 'preset' in size ? TIMELINE_SIZE_PRESETS[size.preset] : size;
  const fontSize = Math.max(12, Math.round(Math.min(width, height) / 10));
  return {
    ...('preset' in size ? { size: size.preset } : { width, height }),
    fps: 30,
    backgroundColor: '#000000',
    tracks: [
      { clips: [{ type: 'solid', color: '#1e293b', from: 0, durationInFrames: 90 }] },
      {
        clips: [
          {
            type: 'text',
            text: 'Your headline',
            from: 0,
            durationInFrames: 90,
            style: {
              x: Math.round(width / 16),
              y: Math.round(height / 2 - fontSize * 0.7),
              width: width - 2 * Math.round(width / 16),
              fontSize,
              color: '#ffffff',
              textAlign: 'center',
              fadeInFrames: 15,
            },
          },
        ],
      },
    ],
  };
}

/** Where starterTimeline puts its headline: track 2 (over the background), the first clip. */
const HEADLINE_STYLE = /^tracks\.1\.clips\.0\.style\.(\w+)$/;

/**
 * The side of the size a starter headline's style value is worked out from (starterTimeline: x and width from the
 * width, y from the height, the font from the shorter side), or undefined for a path that is not such a value. A
 * refusal of that value is the size's doing: the person can only change the size.
 */
export function starterSideOf(path: string, size: StarterSize): 'width' | 'height' | undefined {
  const { width, height } = 'preset' in size ? TIMELINE_SIZE_PRESETS[size.preset] : size;
  const from = new Map<string, 'width' | 'height'>([
    ['x', 'width'],
    ['width', 'width'],
    ['y', 'height'],
    ['fontSize', width <= height ? 'width' : 'height'],
  ]);
  return from.get(HEADLINE_STYLE.exec(path)?.[1] ?? '');
}

/** What a new code template starts with: one scene that fades its title in (docs/video.md, "Code templates"). */
export const STARTER_TSX = `import { AbsoluteFill, interpolate, useCurrentFrame } from 'remotion';

export const meta = { width: 1280, height: 720, fps: 30, durationInFrames: 90, defaultProps: { title: 'Hello', color: '#1e293b' } };

export default function Scene({ title, color }: { title: string; color: string }) {
  const frame = useCurrentFrame();
  return (
    <AbsoluteFill style={{ backgroundColor: color, alignItems: 'center', justifyContent: 'center' }}>
      <h1 style={{ color: 'white', fontSize: 96, fontFamily: 'sans-serif', opacity: interpolate(frame, [0, 20], [0, 1]) }}>{title}</h1>
    </AbsoluteFill>
  );
}
`;
