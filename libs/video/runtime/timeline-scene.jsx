import React from 'react';
import { AbsoluteFill, Img, Sequence, interpolate, useCurrentFrame } from 'remotion';

function valueOf(clip, variables, fallback) {
  if (clip.variable && variables && variables[clip.variable] !== undefined && variables[clip.variable] !== null)
    return variables[clip.variable];
  return fallback;
}

function opacityAt(frame, clip) {
  const style = clip.style || {};
  let opacity = style.opacity === undefined ? 1 : style.opacity;
  if (style.fadeInFrames)
    opacity *= interpolate(frame, [0, style.fadeInFrames], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  if (style.fadeOutFrames) {
    const end = clip.durationInFrames;
    opacity *= interpolate(frame, [end - style.fadeOutFrames, end], [1, 0], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  }
  return opacity;
}

const Clip = ({ clip, variables }) => {
  const frame = useCurrentFrame();
  const style = clip.style || {};
  const box = {
    position: 'absolute',
    left: style.x || 0,
    top: style.y || 0,
    width: style.width === undefined ? '100%' : style.width,
    height: style.height === undefined ? '100%' : style.height,
    opacity: opacityAt(frame, clip),
  };
  if (clip.type === 'solid') return <div style={{ ...box, backgroundColor: String(valueOf(clip, variables, clip.color)) }} />;
  if (clip.type === 'image') {
    const src = valueOf(clip, variables, clip.src);
    return src ? <Img src={String(src)} style={{ ...box, objectFit: 'cover' }} /> : null;
  }
  return (
    <div
      style={{
        ...box,
        height: style.height === undefined ? 'auto' : style.height,
        color: style.color || '#ffffff',
        fontSize: style.fontSize || 48,
        fontFamily: style.fontFamily || 'sans-serif',
        fontWeight: style.fontWeight || 'normal',
        textAlign: style.textAlign || 'left',
        whiteSpace: 'pre-wrap',
        lineHeight: 1.2,
      }}
    >
      {String(valueOf(clip, variables, clip.text))}
    </div>
  );
};

export const TimelineScene = ({ project, variables }) => (
  <AbsoluteFill style={{ backgroundColor: project.backgroundColor || '#000000' }}>
    {project.tracks.map((track, t) =>
      track.clips.map((clip, c) => (
        <Sequence key={`${t}-${c}`} from={clip.from} durationInFrames={clip.durationInFrames} layout="none">
          <Clip clip={clip} variables={variables} />
        </Sequence>
      )),
    )}
  </AbsoluteFill>
);
