/**
 * The modules a code template may import, and the only ones its scene gets at render time: the
 * render bundle (runtime/) provides exactly these to the scene's `require`.
 */
export const ALLOWED_MODULES = ['remotion', '@remotion/paths', 'react', 'react/jsx-runtime', 'zod'] as const;

/** `@remotion/*` packages the contract allows but this server does not ship are refused with this hint. */
export function isAllowedModule(path: string): boolean {
  return (ALLOWED_MODULES as readonly string[]).includes(path);
}

export function disallowedImportMessage(path: string): string {
  if (path.startsWith('@remotion/'))
    return `Import of "${path}" is not available on this server; code templates may import ${ALLOWED_MODULES.filter((m) => m !== 'react/jsx-runtime').join(', ')}.`;
  return `Import of "${path}" is not allowed; code templates may import only remotion, @remotion/paths, react and zod.`;
}
