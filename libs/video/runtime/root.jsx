import React from 'react';
import { Composition } from 'remotion';
import { CodeScene } from './code-scene.jsx';
import { TimelineScene } from './timeline-scene.jsx';

const sizeOf = (meta) => ({ width: meta.width, height: meta.height, fps: meta.fps, durationInFrames: meta.durationInFrames });

export const Root = () => (
  <>
    <Composition
      id="code"
      component={CodeScene}
      width={2}
      height={2}
      fps={1}
      durationInFrames={1}
      defaultProps={{ code: '', meta: { width: 2, height: 2, fps: 1, durationInFrames: 1 }, props: {} }}
      calculateMetadata={({ props }) => sizeOf(props.meta)}
    />
    <Composition
      id="timeline"
      component={TimelineScene}
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
