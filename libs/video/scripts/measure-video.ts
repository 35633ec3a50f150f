/**
 * The numbers behind docs/adr/0006: the render bundle built with @remotion/bundler (cold) and
 * found in its cache, the same runtime bundled by esbuild alone (not a usable serve bundle),
 * the TSX build check, and renders (code template 160×90 and 1280×720, timeline 1280×720).
 *
 *   node_modules/.bin/tsx --conditions=source libs/video/scripts/measure-video.ts [--runs=3] [--skip-cold]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createSsrfGuard } from '@pressroom/ssrf';
import { checkCodeTemplate, createVideoRenderer, renderBundle } from '../src/index.js';
import type { VideoTemplateSource } from '@pressroom/contracts';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const skipCold = process.argv.includes('--skip-cold');
const RUNTIME = resolve(dirname(fileURLToPath(import.meta.url)), '../runtime/index.jsx');
const scratch = await mkdtemp(join(tmpdir(), 'pressroom-video-measure-'));
const ms = (t0: number) => Math.round(performance.now() - t0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (!skipCold) {
  let t0 = performance.now();
  await renderBundle(join(scratch, 'bundles'));
  console.log(`@remotion/bundler, cold: ${ms(t0)} ms`);
  t0 = performance.now();
  await renderBundle(join(scratch, 'bundles'));
  console.log(`render bundle, cache hit: ${ms(t0)} ms`);
}
const raw: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  await build({
    entryPoints: [RUNTIME],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    jsx: 'automatic',
    loader: { '.jsx': 'jsx' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  raw.push(ms(t0));
}
console.log(`esbuild alone, same runtime (JS only, no serve bundle): ${raw.join(', ')} ms`);

const tiny = `import { AbsoluteFill } from 'remotion';
export const meta = { width: 160, height: 90, fps: 10, durationInFrames: 10, defaultProps: { color: '#ff0000' } };
export default function Scene({ color }: { color: string }) { return <AbsoluteFill style={{ backgroundColor: color }} />; }`;
const card = `import { AbsoluteFill, interpolate, useCurrentFrame } from 'remotion';
export const meta = { width: 1280, height: 720, fps: 30, durationInFrames: 90, defaultProps: { title: 'Launch day', color: '#1a73e8' } };
export default function Scene({ title, color }: { title: string; color: string }) {
  const frame = useCurrentFrame();
  return <AbsoluteFill style={{ backgroundColor: color, opacity: interpolate(frame, [0, 15], [0, 1]) }}><h1 style={{ color: 'white', fontSize: 96 }}>{title}</h1></AbsoluteFill>;
}`;
const timeline = {
  width: 1280,
  height: 720,
  fps: 30,
  durationInFrames: 90,
  tracks: [
    { clips: [{ type: 'solid', color: '#1a73e8', from: 0, durationInFrames: 90 }] },
    {
      clips: [
        { type: 'text', text: 'Launch day', from: 0, durationInFrames: 90, style: { x: 80, y: 300, fontSize: 96, fadeInFrames: 15 } },
      ],
    },
  ],
};

const checks: number[] = [];
for (let i = 0; i < Math.max(runs, 5); i++) {
  const t0 = performance.now();
  await checkCodeTemplate(card);
  checks.push(ms(t0));
}
console.log(`checkCodeTemplate: first ${checks[0]} ms, then ${checks.slice(1).join(', ')} ms`);

const renderer = await createVideoRenderer({
  browserExecutable: '/usr/lib/chromium/chromium-headless-shell',
  workDir: join(scratch, 'work'),
  timeoutMs: 120_000,
  guard: createSsrfGuard({ allowPrivateHosts: [] }),
});
await renderBundle();
const cases: Array<[string, VideoTemplateSource, 'mp4' | 'gif' | 'still']> = [
  ['code 160×90 10 frames', { kind: 'code', tsx: tiny }, 'still'],
  ['code 160×90 10 frames', { kind: 'code', tsx: tiny }, 'mp4'],
  ['code 160×90 10 frames', { kind: 'code', tsx: tiny }, 'gif'],
  ['code 1280×720 30 fps 3 s', { kind: 'code', tsx: card }, 'still'],
  ['code 1280×720 30 fps 3 s', { kind: 'code', tsx: card }, 'mp4'],
  ['code 1280×720 30 fps 3 s', { kind: 'code', tsx: card }, 'gif'],
  ['timeline 1280×720 30 fps 3 s', { kind: 'timeline', projectJson: timeline }, 'mp4'],
  ['timeline 1280×720 30 fps 3 s', { kind: 'timeline', projectJson: timeline }, 'gif'],
];
for (const [name, source, what] of cases) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    if (what === 'still') await renderer.still({ source, variables: {}, frame: 5 });
    else await renderer.render({ source, variables: {}, format: what });
    times.push(ms(t0));
  }
  console.log(`${name}, ${what}: median ${median(times)} ms (${times.join(', ')})`);
}
await renderer.close();
await rm(scratch, { recursive: true, force: true });
