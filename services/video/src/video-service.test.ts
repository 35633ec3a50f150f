import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG, type RenderVideoCommand } from '@pressroom/contracts';
import { startRenderHarness, type RenderHarness } from '@pressroom/render-worker/testing';
import { createSsrfGuard } from '@pressroom/ssrf';
import { near, pixel, probeVideo } from '@pressroom/testing/media';
import { createVideoRenderer, renderBundle, type VideoRenderer } from '@pressroom/video';
import { startVideoService, type VideoService } from './service.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** 160×90, 10 fps, 10 frames, one colour from a prop. */
const SCENE = `import { AbsoluteFill } from 'remotion';
export const meta = { width: 160, height: 90, fps: 10, durationInFrames: 10, defaultProps: { color: '#ff0000' } };
export default function Scene({ color }: { color: string }) {
  return <AbsoluteFill style={{ backgroundColor: color }} />;
}
`;

describe('video service: render.video through the shared lifecycle (Remotion on the headless shell)', () => {
  let harness: RenderHarness;
  let renderer: VideoRenderer;
  let service: VideoService;
  let workDir: string;

  beforeAll(async () => {
    harness = await startRenderHarness();
    workDir = await mkdtemp(join(tmpdir(), 'pressroom-video-service-test-'));
    await renderBundle(); // built once per Remotion version, cached for later runs
    renderer = await createVideoRenderer({
      browserExecutable: CHROMIUM,
      workDir,
      timeoutMs: 60_000,
      guard: createSsrfGuard({ allowPrivateHosts: [] }),
    });
    service = await startVideoService({ ...harness.deps, renderer });
  }, 180_000);

  afterAll(async () => {
    await service?.stop();
    await renderer?.close();
    await harness?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function command(overrides: Partial<RenderVideoCommand>): Promise<RenderVideoCommand> {
    const base = await harness.newRender('video', overrides.format ?? 'mp4');
    return {
      ...base,
      origin: 'template',
      templateId: 'tpl_video',
      template: { kind: 'code', tsx: SCENE },
      variables: { color: '#0000ff' },
      mode: 'render',
      format: 'mp4',
      frame: null,
      ...overrides,
    };
  }

  it('renders a code template to an H.264 MP4 of its size, rate and length in the prop colour', async () => {
    const render = await command({});
    await harness.deps.bus.publish(CATALOG.renderVideo, render);
    const outcome = await harness.outcome(render.renderId, 120_000);
    expect(outcome).toMatchObject({ status: 'done', contentType: 'video/mp4', width: 160, height: 90 });
    const probe = await probeVideo(await harness.file(outcome));
    expect(probe).toMatchObject({ codec: 'h264', width: 160, height: 90, frames: 10, fps: 10 });
    expect(near(probe.firstFrameCentre, [0, 0, 255], 24)).toBe(true);
  }, 150_000);

  it('draws one preview frame as a PNG', async () => {
    const render = await command({ mode: 'preview', format: 'png', frame: 3, variables: { color: '#00ff00' } });
    await harness.deps.bus.publish(CATALOG.renderVideo, render);
    const outcome = await harness.outcome(render.renderId, 120_000);
    expect(outcome).toMatchObject({ status: 'done', contentType: 'image/png', width: 160, height: 90 });
    expect(near(await pixel(await harness.file(outcome), 80, 45), [0, 255, 0])).toBe(true);
  }, 150_000);
});
