import React, { useMemo } from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as Remotion from 'remotion';
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
  if (typeof scene !== 'function' && !(scene && typeof scene === 'object')) throw new Error('The scene module has no default export component.');
  return scene;
}

export const CodeScene = ({ code, props }) => {
  const Scene = useMemo(() => loadScene(code), [code]);
  return <Scene {...props} />;
};
