import React, { useMemo } from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as Remotion from 'remotion';
import { cancelRender, delayRender } from 'remotion';
import * as RemotionPaths from '@remotion/paths';
import * as Zod from 'zod';

const MODULES = {
  remotion: Remotion,
  '@remotion/paths': RemotionPaths,
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  zod: Zod,
};

function scopedRequire(name) {
  if (Object.prototype.hasOwnProperty.call(MODULES, name)) return MODULES[name];
  throw new Error(`Module "${name}" is not available to scenes.`);
}

/** Evaluate the compiled scene module once per code string. */
function loadScene(code) {
  const module = { exports: {} };
  // eslint-disable-next-line no-new-func
  new Function('require', 'module', 'exports', code)(scopedRequire, module, module.exports);
  const scene = module.exports.default;
  if (typeof scene !== 'function' && !(scene && typeof scene === 'object'))
    throw new Error('The scene module has no default export component.');
  return scene;
}

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
