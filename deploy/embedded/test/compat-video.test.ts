import { probeVideo } from '@pressroom/testing/media';
import { near, startTestStack, type TestStack } from './harness.js';

/*
 * The Python SDK's video methods: create_video_template (a scene with a zod
 * `schema` and no `meta`, size/fps/duration in the body), list_video_templates,
 * get_video_template_variables and render_video.
 */

const SDK_SCENE = `import { z } from 'zod';
import { AbsoluteFill } from 'remotion';

export const schema = z.object({
  title: z.string().default('Hello'),
  accent: z.string().default('#ff0000'),
});

export default function Scene({ title, accent }: z.infer<typeof schema>) {
  return <AbsoluteFill style={{ backgroundColor: accent }}><span style={{ fontSize: 6 }}>{title}</span></AbsoluteFill>;
}
`;

const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];

describe('video templates as the SDK writes them', () => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { withVideoService: true });
    ({ key } = await stack.newAccount());
  }, 180_000);
  afterAll(() => stack?.dispose());

  it('creates, lists, describes and renders a scene without a meta export', async () => {
    const created = await stack.api('/video/templates', {
      method: 'POST',
      key,
      json: { name: 'SDK scene', kind: 'tsx', tsx: SDK_SCENE, width: 160, height: 90, fps: 10, durationInFrames: 10, status: 'draft' },
    });
    expect(created.status).toBe(201);
    const { template } = (await created.json()) as {
      template: { uid: string; kind: string; width: number; height: number; fps: number; durationInFrames: number };
    };
    expect(template).toMatchObject({ width: 160, height: 90, fps: 10, durationInFrames: 10 });

    const list = (await (await stack.api('/video/templates', { key })).json()) as { templates: Array<{ uid: string }> };
    expect(list.templates.map((t) => t.uid)).toContain(template.uid);

    const variables = await stack.api(`/video/templates/${template.uid}/variables`, { key });
    expect(variables.status).toBe(200);
    const described = (await variables.json()) as {
      templateUid: string;
      templateName: string;
      variables: Array<{ name: string; defaultValue: unknown }>;
      referenced: string[];
    };
    expect(described).toMatchObject({ templateUid: template.uid, templateName: 'SDK scene', referenced: ['title', 'accent'] });
    expect(described.variables.map((v) => [v.name, v.defaultValue])).toEqual([
      ['title', 'Hello'],
      ['accent', '#ff0000'],
    ]);

    const fetchBytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
    const byDefault = await stack.api(`/video/templates/${template.uid}/render`, {
      method: 'POST',
      key,
      json: { variables: {}, format: 'mp4' },
    });
    expect(byDefault.status).toBe(200);
    const first = (await byDefault.json()) as { url: string; durationInFrames: number; format: string };
    expect(first).toMatchObject({ durationInFrames: 10, format: 'mp4' });
    const video = await probeVideo(await fetchBytes(first.url));
    expect(video).toMatchObject({ codec: 'h264', width: 160, height: 90, frames: 10 });
    expect(near(video.firstFrameCentre, RED, 24)).toBe(true);

    // `nope` is not a variable of the scene: the contract has unknown names ignored (the SDK's docstring says 422; docs/compatibility.md).
    const blue = await stack.api(`/video/templates/${template.uid}/render`, {
      method: 'POST',
      key,
      json: { variables: { accent: '#0000ff', nope: 'x' }, format: 'mp4' },
    });
    expect(blue.status).toBe(200);
    expect(near((await probeVideo(await fetchBytes(((await blue.json()) as { url: string }).url))).firstFrameCentre, BLUE, 24)).toBe(true);
  }, 120_000);

  it('refuses a scene without meta and without a size with a 422 the SDK can print', async () => {
    const res = await stack.api('/video/templates', { method: 'POST', key, json: { name: 'No size', kind: 'tsx', tsx: SDK_SCENE } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; errors: Array<{ field: string; message: string; code: string }> };
    expect(body.message).toMatch(/width, height, fps and durationInFrames/);
    expect(body.errors[0]).toMatchObject({ field: 'tsx', code: 'invalid_value' });
  });
});
