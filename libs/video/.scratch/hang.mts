import { createSsrfGuard } from '@pressroom/ssrf';
import { createVideoRenderer } from '../src/index.ts';
const r = await createVideoRenderer({ browserExecutable: '/usr/lib/chromium/chromium-headless-shell', workDir: '/tmp/pv-hang', timeoutMs: 4000, guard: createSsrfGuard({ allowPrivateHosts: [] }), logger: { warn: (o: unknown, m: string) => console.log('WARN', m, JSON.stringify(o).slice(0, 1500)), error: console.error, info() {}, debug() {} } as never });
const hanging = `import { delayRender } from 'remotion';
export const meta = { width: 64, height: 64, fps: 10, durationInFrames: 2 };
export default function Scene() { delayRender('waiting forever'); return null; }
`;
const t = Date.now();
try { await r.render({ source: { kind: 'code', tsx: hanging }, variables: {}, format: 'mp4' }); } catch (e) { console.log(Date.now() - t, (e as any).slug, (e as any).detail); }
await r.close();
