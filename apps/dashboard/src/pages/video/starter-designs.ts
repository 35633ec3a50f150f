import type { Project } from './studio/timeline-model.js';

/** What a new timeline template starts with: a background and a headline that fades in, 3 s at 30 fps. */
export function starterTimeline(): Project {
  return {
    width: 1280,
    height: 720,
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
            style: { x: 80, y: 300, width: 1120, fontSize: 72, color: '#ffffff', textAlign: 'center', fadeInFrames: 15 },
          },
        ],
      },
    ],
  };
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
