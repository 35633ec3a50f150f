import React, { useMemo } from 'react';
import { cancelRender, delayRender } from 'remotion';
import { loadScene } from './scene-module.js';

const LoadedScene = ({ code, props }) => {
  const Scene = useMemo(() => loadScene(code), [code]);
  return <Scene {...props} />;
};

/**
 * A scene that throws (while loading or on any frame) fails the render with its own error at once,
 * rather than leaving Remotion to notice a broken page, which under load can come too late.
 */
class SceneBoundary extends React.Component {
  constructor(props) {
    super(props);
    this.state = { failed: false };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error) {
    // Hold the frame first: with a pending delayRender no frame can be captured (an empty frame
    // would otherwise let the render "succeed" before Remotion notices the cancel).
    delayRender(`The scene failed: ${error && error.message ? error.message : String(error)}`);
    cancelRender(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export const CodeScene = ({ code, props }) => (
  <SceneBoundary>
    <LoadedScene code={code} props={props} />
  </SceneBoundary>
);
