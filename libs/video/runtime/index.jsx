// The render bundle: two generic compositions, bundled once per server (see src/render-bundle.ts).
// A code template's scene arrives as compiled CommonJS in its props and is evaluated here, inside
// Chromium, with a require() that offers exactly the allowed modules (src/allowed-modules.ts).
import { registerRoot } from 'remotion';
import { Root } from './root.jsx';

registerRoot(Root);
