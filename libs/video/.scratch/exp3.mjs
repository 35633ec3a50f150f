import { build } from 'esbuild';
const src = `const m = 'node:fs'; export const a = () => import(m); export const b = () => require(m); export const e = () => import('remotion'); const r = require; export const f = () => r('x'); export default 1; export const meta = {}`;
const r = await build({ stdin: { contents: src, loader: 'tsx' }, bundle: true, write: false, format: 'esm', platform: 'neutral', logLevel: 'silent',
  plugins: [{ name: 'x', setup(b) { b.onResolve({ filter: /.*/ }, (a) => { return { path: a.path, external: true }; }); } }] });
console.log(r.warnings.map(w => [w.id, w.text]));
console.log(r.outputFiles[0].text);
