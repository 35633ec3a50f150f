// The timeline composition: tracks of clips as <Sequence>s. The project arrives resolved (variables
// bound, size and length fixed, media sources already fetched by the server and served on loopback:
// see src/timeline-project.ts and src/media-sources.ts), so this file only draws.
import React, { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  AbsoluteFill,
  Audio,
  Easing,
  Img,
  OffthreadVideo,
  Sequence,
  cancelRender,
  continueRender,
  delayRender,
  interpolate,
  useCurrentFrame,
  useVideoConfig,
} from 'remotion';

const CLAMP = { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' };
const EASINGS = {
  linear: Easing.linear,
  ease: Easing.bezier(0.25, 0.1, 0.25, 1),
  'ease-in': Easing.bezier(0.42, 0, 1, 1),
  'ease-out': Easing.bezier(0, 0, 0.58, 1),
  'ease-in-out': Easing.bezier(0.42, 0, 0.58, 1),
};

/** The value of a keyframed property at `frame` (the clip's own frame); the later keyframe's easing leads into it. */
function keyframeValue(list, frame, fallback) {
  if (!list || list.length === 0) return fallback;
  if (frame <= list[0].frame) return list[0].value;
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1];
    const b = list[i];
    if (frame <= b.frame)
      return interpolate(frame, [a.frame, b.frame], [a.value, b.value], { ...CLAMP, easing: EASINGS[b.easing] || Easing.linear });
  }
  return list[list.length - 1].value;
}

/** 0 → 1 over `duration` frames from `start`, eased. */
const progress = (frame, start, duration, easing) =>
  interpolate(frame, [start, start + duration], [0, 1], { ...CLAMP, easing: EASINGS[easing] || Easing.linear });

const OFFSETS = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

/** A wipe as a clip-path: at p = 0 nothing shows, at 1 everything; the reveal starts at the `direction` edge. */
function wipeClip(p, direction) {
  const hidden = `${((1 - p) * 100).toFixed(3)}%`;
  if (direction === 'right') return `inset(0 0 0 ${hidden})`;
  if (direction === 'up') return `inset(0 0 ${hidden} 0)`;
  if (direction === 'down') return `inset(${hidden} 0 0 0)`;
  return `inset(0 ${hidden} 0 0)`;
}

/**
 * Opacity, translation, scale and clip-path from an entrance/exit/transition at `p` (0: hidden,
 * 1: in place). Slide comes from (or goes to) the `direction` side by the composition's size.
 */
function presetEffect(preset, p, size) {
  const effect = { opacity: 1, dx: 0, dy: 0, scale: 1, clipPath: undefined };
  if (preset.type === 'fade') effect.opacity = p;
  if (preset.type === 'zoom') {
    effect.scale = p;
    effect.opacity = p;
  }
  if (preset.type === 'slide') {
    const [ox, oy] = OFFSETS[preset.direction] || OFFSETS.left;
    effect.dx = ox * (1 - p) * size.width;
    effect.dy = oy * (1 - p) * size.height;
  }
  if (preset.type === 'wipe') effect.clipPath = wipeClip(p, preset.direction);
  return effect;
}

function combine(effects) {
  return effects.reduce(
    (all, e) => ({
      opacity: all.opacity * e.opacity,
      dx: all.dx + e.dx,
      dy: all.dy + e.dy,
      scale: all.scale * e.scale,
      clipPath: e.clipPath || all.clipPath,
    }),
    { opacity: 1, dx: 0, dy: 0, scale: 1, clipPath: undefined },
  );
}

/** The clip's frame-dependent effects: fades, keyframes, entrance, exit, the transition into it and the one out of it. */
function animationAt(frame, clip, size, handover) {
  const style = clip.style || {};
  const end = clip.durationInFrames;
  const effects = [];
  if (style.fadeInFrames) effects.push({ ...presetEffect({ type: 'fade' }, progress(frame, 0, style.fadeInFrames, 'linear'), size) });
  if (style.fadeOutFrames)
    effects.push(presetEffect({ type: 'fade' }, 1 - progress(frame, end - style.fadeOutFrames, style.fadeOutFrames, 'linear'), size));
  if (clip.enter) effects.push(presetEffect(clip.enter, progress(frame, 0, clip.enter.durationInFrames, clip.enter.easing), size));
  if (clip.exit) {
    const p = 1 - progress(frame, end - clip.exit.durationInFrames, clip.exit.durationInFrames, clip.exit.easing);
    effects.push(presetEffect(clip.exit, p, size));
  }
  if (clip.transition)
    effects.push(presetEffect(clip.transition, progress(frame, 0, clip.transition.durationInFrames, 'ease-in-out'), size));
  // The clip after this one slides in: this one is pushed out the other way while the next covers it.
  if (handover && handover.type === 'slide') {
    const p = progress(frame, handover.start, handover.durationInFrames, 'ease-in-out');
    const [ox, oy] = OFFSETS[handover.direction] || OFFSETS.left;
    effects.push({ opacity: 1, dx: -ox * p * size.width, dy: -oy * p * size.height, scale: 1, clipPath: undefined });
  }
  const k = clip.keyframes || {};
  const base = combine(effects);
  return {
    x: keyframeValue(k.x, frame, style.x || 0),
    y: keyframeValue(k.y, frame, style.y || 0),
    scale: keyframeValue(k.scale, frame, style.scale === undefined ? 1 : style.scale) * base.scale,
    rotation: keyframeValue(k.rotation, frame, style.rotation || 0),
    opacity: keyframeValue(k.opacity, frame, style.opacity === undefined ? 1 : style.opacity) * base.opacity,
    dx: base.dx,
    dy: base.dy,
    clipPath: base.clipPath,
  };
}

/** An HTML fragment in its own shadow root: its CSS stays inside; innerHTML never runs scripts. */
const HtmlFragment = ({ html }) => {
  const host = useRef(null);
  useLayoutEffect(() => {
    const root = host.current.shadowRoot || host.current.attachShadow({ mode: 'open' });
    root.innerHTML = html;
  }, [html]);
  return <div ref={host} style={{ width: '100%', height: '100%' }} />;
};

/** A volume curve with fades (Remotion calls it with the frame inside the clip). */
const volumeCurve = (clip) => (f) => {
  let v = clip.volume === undefined ? 1 : clip.volume;
  if (clip.fadeInFrames) v *= interpolate(f, [0, clip.fadeInFrames], [0, 1], CLAMP);
  if (clip.fadeOutFrames) v *= interpolate(f, [clip.durationInFrames - clip.fadeOutFrames, clip.durationInFrames], [1, 0], CLAMP);
  return v;
};

const trimProps = (clip) => ({
  ...(clip.trimBefore !== undefined ? { trimBefore: clip.trimBefore } : {}),
  ...(clip.trimAfter !== undefined ? { trimAfter: clip.trimAfter } : {}),
});

const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'emoji',
  'math',
  'fangsong',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
]);

/**
 * A `font-family` value with each family name quoted: an unquoted name with a word that starts
 * with a digit ("Brand 2024") is invalid CSS and would silently fall back to the default font.
 */
function fontFamilyCss(value) {
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((name) => (GENERIC_FAMILIES.has(name) || /^["'].*["']$/.test(name) ? name : `"${name.replace(/["\\]/g, '')}"`))
    .join(', ');
}

/** The text fields of a clip's style as CSS (text and caption clips). */
function textStyle(style, defaults = {}) {
  return {
    display: 'inline-block',
    boxSizing: 'border-box',
    color: style.color || '#ffffff',
    fontSize: style.fontSize || defaults.fontSize || 48,
    fontFamily: style.fontFamily ? `${fontFamilyCss(style.fontFamily)}, sans-serif` : 'sans-serif',
    fontWeight: style.fontWeight || defaults.fontWeight || 'normal',
    fontStyle: style.fontStyle || 'normal',
    textAlign: style.textAlign || defaults.textAlign || 'left',
    lineHeight: style.lineHeight || 1.2,
    backgroundColor: style.backgroundColor,
    padding: style.padding || 0,
    borderRadius: style.borderRadius || 0,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
  };
}

const ALIGN_ITEMS = { left: 'flex-start', center: 'center', right: 'flex-end' };

/**
 * A caption clip: the cue on screen at this moment (times in seconds from the clip's start), each
 * word a span; the word being spoken takes `highlightColor` (and `highlightBackgroundColor`). The
 * cues arrive resolved (src/captions.ts): every cue has word timings. Without a `y` the captions
 * sit at the bottom of their box (by default the whole frame).
 */
const Captions = ({ clip }) => {
  const frame = useCurrentFrame();
  const { fps, height } = useVideoConfig();
  const style = clip.style || {};
  const t = frame / fps;
  const cues = (clip.captions && clip.captions.cues) || [];
  const cue = cues.find((c) => t >= c.start && t < c.end);
  const align = style.textAlign || 'center';
  const atBottom = style.y === undefined;
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: atBottom ? 'flex-end' : 'flex-start',
        alignItems: ALIGN_ITEMS[align] || 'center',
        paddingBottom: atBottom ? Math.round(height * 0.06) : 0,
      }}
    >
      {cue ? (
        <div
          style={{
            ...textStyle(style, { fontSize: Math.max(10, Math.round(height / 14)), fontWeight: 700, textAlign: align }),
            maxWidth: '100%',
          }}
        >
          {(cue.words || []).map((word, i) => {
            const spoken = t >= word.start && t < word.end;
            return (
              <React.Fragment key={i}>
                {i > 0 ? ' ' : null}
                <span
                  style={{
                    color: spoken ? clip.highlightColor || '#ffd400' : style.color || '#ffffff',
                    backgroundColor: spoken ? clip.highlightBackgroundColor : undefined,
                    borderRadius: spoken && clip.highlightBackgroundColor ? '0.15em' : undefined,
                  }}
                >
                  {word.text}
                </span>
              </React.Fragment>
            );
          })}
        </div>
      ) : null}
    </div>
  );
};

function content(clip) {
  const style = clip.style || {};
  const fill = { width: '100%', height: '100%' };
  switch (clip.type) {
    case 'solid':
      return <div style={{ ...fill, backgroundColor: String(clip.color) }} />;
    case 'image':
      return clip.src ? <Img src={String(clip.src)} style={{ ...fill, objectFit: clip.fit || 'cover' }} /> : null;
    case 'video':
      return (
        <OffthreadVideo
          src={clip.src}
          style={{ ...fill, objectFit: clip.fit || 'cover' }}
          playbackRate={clip.playbackRate || 1}
          volume={clip.volume === undefined ? 1 : clip.volume}
          muted={Boolean(clip.muted)}
          {...trimProps(clip)}
        />
      );
    case 'shape':
      return (
        <div
          style={{
            ...fill,
            boxSizing: 'border-box',
            backgroundColor: clip.fill,
            border: clip.strokeWidth > 0 && clip.stroke ? `${clip.strokeWidth}px solid ${clip.stroke}` : undefined,
            borderRadius: clip.shape === 'circle' ? '50%' : clip.cornerRadius || 0,
          }}
        />
      );
    case 'html':
      return <HtmlFragment html={clip.html} />;
    case 'text':
      return <div style={{ ...textStyle(style), width: style.width === undefined ? '100%' : style.width }}>{String(clip.text)}</div>;
    case 'caption':
      return <Captions clip={clip} />;
    default:
      return null;
  }
}

const Clip = ({ clip, handover }) => {
  const frame = useCurrentFrame();
  const size = useVideoConfig();
  if (clip.type === 'audio') return null;
  const style = clip.style || {};
  const a = animationAt(frame, clip, size, handover);
  // Text is as tall as its lines unless a height is given; everything else fills its box (default: the whole frame).
  const auto = clip.type === 'text';
  return (
    <div
      style={{
        position: 'absolute',
        left: a.x,
        top: a.y,
        width: style.width === undefined ? (auto ? size.width - a.x : size.width) : style.width,
        height: style.height === undefined ? (auto ? 'auto' : size.height) : style.height,
        opacity: a.opacity,
        transform: `translate(${a.dx}px, ${a.dy}px) rotate(${a.rotation}deg) scale(${a.scale})`,
        transformOrigin: 'center center',
        clipPath: a.clipPath,
      }}
    >
      {content(clip)}
    </div>
  );
};

/**
 * A track's clips in time order, each with how long it stays on screen: a clip followed by one
 * with a `transition` stays until that transition is over (drawn under it).
 */
function scheduled(track) {
  const clips = [...track.clips].sort((a, b) => a.from - b.from);
  return clips.map((clip, i) => {
    const next = clips[i + 1];
    const end = clip.from + clip.durationInFrames;
    if (!next || !next.transition || next.from > end) return { clip, durationInFrames: clip.durationInFrames, handover: null };
    const until = Math.max(end, next.from + next.transition.durationInFrames);
    return {
      clip,
      durationInFrames: until - clip.from,
      handover: { ...next.transition, start: next.from - clip.from },
    };
  });
}

const AudioClip = ({ clip }) => (
  <Audio src={clip.src} volume={volumeCurve(clip)} playbackRate={clip.playbackRate || 1} {...trimProps(clip)} />
);

/**
 * The account's fonts (data: URLs from the asset library), registered by family before any frame is
 * captured, so the first frame already uses them.
 */
function useFonts(fonts) {
  const [handle] = useState(() => (fonts && fonts.length > 0 ? delayRender('Loading the account fonts') : null));
  useEffect(() => {
    if (handle === null) return;
    Promise.all(
      fonts.map((font) =>
        new FontFace(font.family, `url("${font.url}")`, { weight: String(font.weight), style: font.style })
          .load()
          .then((face) => document.fonts.add(face)),
      ),
    ).then(
      () => continueRender(handle),
      (error) => cancelRender(error),
    );
  }, [fonts, handle]);
}

export const TimelineScene = ({ project, fonts }) => {
  useFonts(fonts);
  return <TimelineLayers project={project} />;
};

const TimelineLayers = ({ project }) => (
  <AbsoluteFill style={{ backgroundColor: project.backgroundColor || '#000000', overflow: 'hidden' }}>
    {project.tracks.map((track, t) =>
      scheduled(track).map(({ clip, durationInFrames, handover }, c) => (
        <Sequence key={`${t}-${c}`} from={clip.from} durationInFrames={durationInFrames} layout="none">
          {clip.type === 'audio' ? (
            <AudioClip clip={clip} />
          ) : (
            <Clip clip={{ ...clip, durationInFrames: clip.durationInFrames }} handover={handover} />
          )}
        </Sequence>
      )),
    )}
    {project.soundtrack ? (
      <Sequence from={0} durationInFrames={project.durationInFrames} layout="none">
        <AudioClip clip={{ ...project.soundtrack, durationInFrames: project.durationInFrames }} />
      </Sequence>
    ) : null}
  </AbsoluteFill>
);
