// Types of the timeline composition for TypeScript importers (the dashboard's player): the scene is plain
// JSX because the render bundle builds it with @remotion/bundler, and the dashboard plays the same file.
import type { ReactElement } from 'react';
import type { ResolvedTimeline } from '../src/timeline-project.js';

/** An account font as a data: URL, registered before the first frame. */
export interface TimelineSceneFont {
  family: string;
  url: string;
  weight: number | string;
  style: string;
}

export interface TimelineSceneProps {
  /** A checked project with its variables bound (bindTimelineVariables / checkTimelineProject). */
  project: ResolvedTimeline;
  fonts?: TimelineSceneFont[];
}

export declare const TimelineScene: (props: TimelineSceneProps) => ReactElement;
