import type { ComponentType } from 'react';

/** Evaluates a compiled code template (CommonJS) with a `require` offering exactly the allowed modules; returns its default export. */
export function loadScene(code: string): ComponentType<Record<string, unknown>>;
