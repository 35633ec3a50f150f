import React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as Remotion from 'remotion';
import * as RemotionPaths from '@remotion/paths';
import * as Zod from 'zod';

/**
 * How a compiled code template (the CommonJS `code` of checkCodeTemplate) becomes a component, in the
 * render bundle and in the dashboard's player alike: its `require` offers exactly the allowed modules
 * (src/allowed-modules.ts), so a scene previews with the same modules it renders with.
 */
const MODULES = {
  remotion: Remotion,
  '@remotion/paths': RemotionPaths,
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  zod: Zod,
};

function sceneRequire(name) {
  if (Object.prototype.hasOwnProperty.call(MODULES, name)) return MODULES[name];
  throw new Error(`Module "${name}" is not available to scenes.`);
}

/** Evaluates the compiled scene module and returns its default export (the scene component). */
export function loadScene(code) {
  const module = { exports: {} };
  // eslint-disable-next-line no-new-func
  new Function('require', 'module', 'exports', code)(sceneRequire, module, module.exports);
  const scene = module.exports.default;
  if (typeof scene !== 'function' && !(scene && typeof scene === 'object'))
    throw new Error('The scene module has no default export component.');
  return scene;
}
