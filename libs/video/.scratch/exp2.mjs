import { build } from 'esbuild';
const src = `const m = 'node:fs'; export const a = () => import(m); export const b = () => require(m); export const e = () => import('remotion'); export const c = () => import(\`node:\${'fs'}\`);`;
const r = await build({ stdin: { contents: src, loader: 'tsx' }, bundle: true, write: false, format: 'cjs', platform: 'neutral', logLevel: 'silent', supported: { 'dynamic-import': false },
  plugins: [{ name: 'x', setup(b) { b.onResolve({ filter: /.*/ }, (a) => { console.log('resolve', a.kind, a.path); return { path: a.path, external: true }; }); } }] });
console.log(r.warnings.map(w => [w.id, w.text, w.location?.line, w.location?.column]));
console.log(r.outputFiles[0].text);
