import React from 'react';
import { Artifact, Composition, useCurrentFrame } from 'remotion';
import { CodeScene } from './code-scene.jsx';
import { TimelineScene } from './timeline-scene.jsx';

/** The artifact a media render asks for at its poster frame (the worker's POSTER_ARTIFACT). */
const POSTER_ARTIFACT = 'poster.jpeg';

/**
 * At `posterFrame` (an input prop of media renders), the frame Remotion has just taken for the
 * video is also handed over as a thumbnail artifact: the poster costs no second pass.
 */
const PosterMark = ({ frame }) =>
  useCurrentFrame() === frame ? <Artifact filename={POSTER_ARTIFACT} content={Artifact.Thumbnail} /> : null;

const withPoster = (Scene) => {
  const WithPoster = (props) => (
    <>
      <Scene {...props} />
      {typeof props.posterFrame === 'number' ? <PosterMark frame={props.posterFrame} /> : null}
    </>
  );
  return WithPoster;
};
const CodeComposition = withPoster(CodeScene);
const TimelineComposition = withPoster(TimelineScene);

const sizeOf = (meta) => ({ width: meta.width, height: meta.height, fps: meta.fps, durationInFrames: meta.durationInFrames });

export const Root = () => (
  <>
    <Composition
      id="code"
      component={CodeComposition}
      width={2}
      height={2}
      fps={1}
      durationInFrames={1}
      defaultProps={{ code: '', meta: { width: 2, height: 2, fps: 1, durationInFrames: 1 }, props: {} }}
      calculateMetadata={({ props }) => sizeOf(props.meta)}
    />
    <Composition
      id="timeline"
      component={TimelineComposition}
      width={2}
      height={2}
      fps={1}
      durationInFrames={1}
      defaultProps={{
        project: { width: 2, height: 2, fps: 1, durationInFrames: 1, backgroundColor: '#000000', tracks: [] },
        fonts: [],
      }}
      calculateMetadata={({ props }) => sizeOf(props.project)}
    />
  </>
);
