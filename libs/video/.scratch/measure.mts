import { createSsrfGuard } from '@pressroom/ssrf';
import { createVideoRenderer, renderBundle, checkCodeTemplate } from '../src/index.ts';
import { rm } from 'node:fs/promises';
const t = () => performance.now();
const cache = '/tmp/pv-measure-cache';
if (process.argv[2] === 'cold') await rm(cache, { recursive: true, force: true });
let s = t(); await renderBundle(cache); console.log('bundle', Math.round(t() - s), 'ms');
s = t(); await renderBundle(cache); console.log('bundle again', Math.round(t() - s), 'ms');
const tiny = `import { AbsoluteFill } from 'remotion';
export const meta = { width: 160, height: 90, fps: 10, durationInFrames: 10, defaultProps: { color: '#ff0000' } };
export default function S({ color }: { color: string }) { return <AbsoluteFill style={{ backgroundColor: color }} />; }`;
const big = `import { AbsoluteFill, interpolate, useCurrentFrame } from 'remotion';
export const meta = { width: 1280, height: 720, fps: 30, durationInFrames: 90, defaultProps: { title: 'Launch day', color: '#1a73e8' } };
export default function Scene({ title, color }: { title: string; color: string }) {
  const frame = useCurrentFrame();
  return (<AbsoluteFill style={{ backgroundColor: color, opacity: interpolate(frame, [0, 15], [0, 1]) }}><h1 style={{ color: 'white', fontSize: 96 }}>{title}</h1></AbsoluteFill>);
}`;
for (let i = 0; i < 3; i++) { s = t(); await checkCodeTemplate(tiny); console.log('check', (t() - s).toFixed(1), 'ms'); }
const r = await createVideoRenderer({ browserExecutable: '/usr/lib/chromium/chromium-headless-shell', workDir: '/tmp/pv-measure-work', bundleCacheDir: cache, timeoutMs: 60000, guard: createSsrfGuard({ allowPrivateHosts: '' }) });
for (const [name, src] of [['tiny', tiny], ['720p3s', big]] as const) {
  for (const format of ['mp4', 'gif'] as const) { s = t(); const out = await r.render({ source: { kind: 'code', tsx: src }, variables: {}, format }); console.log(name, format, Math.round(t() - s), 'ms', out.bytes.length, 'bytes', out.width, out.height, out.fps); }
  s = t(); await r.still({ source: { kind: 'code', tsx: src }, variables: {}, frame: 3 }); console.log(name, 'still', Math.round(t() - s), 'ms');
}
await r.close();
