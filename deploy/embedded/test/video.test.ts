import { setOwnerPlan } from '@pressroom/db';
import { earlyInMinute } from '@pressroom/testing';
import { near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';
import { probeGif, probeVideo } from '@pressroom/testing/media';
import { startAiStandIn } from './ai-stand-in.js';

/** A 160×90 scene, 10 fps, 1 s, filled with its `color` prop. */
const SCENE = (
  options: { fps?: number; frames?: number; color?: string } = {},
) => `import { AbsoluteFill, useCurrentFrame } from 'remotion';

export const meta = { width: 160, height: 90, fps: ${options.fps ?? 10}, durationInFrames: ${options.frames ?? 10}, defaultProps: { color: '${options.color ?? '#ff0000'}', title: 'Hello' } };

export default function Scene({ color, title }: { color: string; title: string }) {
  const frame = useCurrentFrame();
  return <AbsoluteFill style={{ backgroundColor: color }}><span style={{ fontSize: 8 }}>{title} {frame}</span></AbsoluteFill>;
}
`;

const BLUE: [number, number, number] = [0, 0, 255];
/** A 1×1 green PNG. */
const GREEN_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWNg+M8AAAICAQAuFKzOAAAAAElFTkSuQmCC',
  'base64',
);
const GREEN: [number, number, number] = [0, 255, 0];

interface TemplateBody {
  template: {
    uid: string;
    name: string;
    kind: string;
    width: number;
    height: number;
    fps: number;
    durationInFrames: number;
    variableDefinitions: Array<Record<string, unknown>>;
    tsx?: string;
  };
}

describe('video templates (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let ai: Awaited<ReturnType<typeof startAiStandIn>>;

  beforeAll(async () => {
    ai = await startAiStandIn();
    stack = await startTestStack('memory+pglite', {
      withVideoService: true,
      gateway: { videoPreviewPerMinute: 5, ai: { baseUrl: ai.baseUrl, apiKey: 'sk-test', model: 'scene-writer', timeoutMs: 10_000 } },
    });
    ({ key } = await stack.newAccount());
  }, 180_000);
  afterAll(async () => {
    await stack?.dispose();
    await ai?.close();
  });

  const create = (json: unknown, k = key) => stack.api('/video/templates', { method: 'POST', key: k, json });
  const fetchBytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

  it('creates a code template from TSX, reading size, frame rate, length and variables from its meta', async () => {
    const res = await create({ name: 'Card', tsx: SCENE() });
    expect(res.status).toBe(201);
    const { template } = (await res.json()) as TemplateBody;
    expect(template).toMatchObject({ name: 'Card', kind: 'code', width: 160, height: 90, fps: 10, durationInFrames: 10, tsx: SCENE() });
    expect(template.variableDefinitions).toEqual([
      expect.objectContaining({ name: 'color', type: 'color', defaultValue: '#ff0000' }),
      expect.objectContaining({ name: 'title', type: 'text', defaultValue: 'Hello' }),
    ]);
    const variables = (await (await stack.api(`/video/templates/${template.uid}/variables`, { key })).json()) as {
      variableDefinitions: unknown[];
    };
    expect(variables.variableDefinitions).toHaveLength(2);
  });

  it('refuses TSX that does not build: forbidden imports, syntax errors, no scene, no meta', async () => {
    const cases: Array<[string, RegExp]> = [
      [`import fs from 'fs';\n${SCENE()}`, /fs/],
      [SCENE().replace("from 'remotion';", "from 'remotion';\nconst cp = require('child_process');"), /child_process/],
      [SCENE().replace('return <AbsoluteFill', 'const net = import("node:net");\n  return <AbsoluteFill'), /node:net/],
      [SCENE().replace('export default function', 'export default functio'), /./],
      [SCENE().replace('export default function Scene', 'function Scene'), /default/i],
      [SCENE().replace('export const meta =', 'const meta ='), /meta/],
    ];
    for (const [tsx, mentions] of cases) {
      const problem = await problemOf(await create({ tsx }));
      expect([problem.status, problem.type]).toEqual([422, expect.stringMatching(/\/template-compile-error$/)]);
      expect(problem.errors.length).toBeGreaterThan(0);
      expect(problem.errors[0].field).toBe('tsx');
      expect(problem.detail).toMatch(mentions);
    }
    const syntax = await problemOf(await create({ tsx: SCENE().replace('return <AbsoluteFill', 'return <<AbsoluteFill') }));
    expect(syntax.compilerErrors[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });

    const neither = await problemOf(await create({ name: 'x' }));
    expect([neither.status, neither.errors[0].field]).toEqual([400, 'tsx']);
    const both = await problemOf(await create({ tsx: SCENE(), projectJson: { width: 10 } }));
    expect(both.status).toBe(400);
  });

  it('lists, reads, updates (recompiling), duplicates and deletes; other accounts get 404', async () => {
    const { template } = (await (await create({ name: 'Mine', tsx: SCENE() })).json()) as TemplateBody;
    const list = (await (await stack.api('/video/templates?limit=100', { key })).json()) as {
      templates: Array<{ uid: string; tsx?: string }>;
      pagination: Record<string, unknown>;
    };
    const listed = list.templates.find((t) => t.uid === template.uid);
    expect(listed).toBeDefined();
    expect(listed!.tsx).toBeUndefined();
    expect(list.pagination).toMatchObject({ page: 1, limit: 100 });

    const renamed = await stack.api(`/video/templates/${template.uid}`, {
      method: 'PUT',
      key,
      json: { name: 'Renamed', tsx: SCENE({ fps: 20, frames: 30 }) },
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as TemplateBody).template).toMatchObject({ name: 'Renamed', fps: 20, durationInFrames: 30 });
    const broken = await problemOf(
      await stack.api(`/video/templates/${template.uid}`, { method: 'PUT', key, json: { tsx: "import x from 'os';" } }),
    );
    expect(broken.status).toBe(422);
    const wrongKind = await problemOf(
      await stack.api(`/video/templates/${template.uid}`, { method: 'PUT', key, json: { projectJson: {} } }),
    );
    expect([wrongKind.status, wrongKind.errors[0].field]).toEqual([400, 'projectJson']);
    expect(((await (await stack.api(`/video/templates/${template.uid}`, { key })).json()) as TemplateBody).template).toMatchObject({
      name: 'Renamed',
      fps: 20,
    });

    const copy = await stack.api(`/video/templates/${template.uid}/duplicate`, { method: 'POST', key });
    expect(copy.status).toBe(201);
    const duplicated = ((await copy.json()) as TemplateBody).template;
    expect(duplicated.uid).not.toBe(template.uid);
    expect(duplicated).toMatchObject({ name: 'Renamed (copy)', fps: 20, durationInFrames: 30 });

    const other = await stack.newAccount();
    for (const [method, path, json] of [
      ['GET', `/video/templates/${template.uid}`, undefined],
      ['PUT', `/video/templates/${template.uid}`, { name: 'x' }],
      ['DELETE', `/video/templates/${template.uid}`, undefined],
      ['POST', `/video/templates/${template.uid}/duplicate`, undefined],
      ['GET', `/video/templates/${template.uid}/variables`, undefined],
      ['POST', `/video/templates/${template.uid}/render`, {}],
      ['POST', `/video/templates/${template.uid}/preview`, {}],
    ] as const) {
      const res = await stack.api(path, { method, key: other.key, ...(json ? { json } : {}) });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect((await stack.api(`/video/templates/${duplicated.uid}`, { method: 'DELETE', key })).status).toBe(200);
    expect((await stack.api(`/video/templates/${duplicated.uid}`, { key })).status).toBe(404);
  });

  it('renders a code template to MP4 (H.264) and GIF with its props, charging one credit each', async () => {
    const { template } = (await (await create({ tsx: SCENE() })).json()) as TemplateBody;
    const res = await stack.api(`/video/templates/${template.uid}/render`, {
      method: 'POST',
      key,
      json: { variables: { color: '#0000ff' } },
    });
    expect(res.status).toBe(200);
    const mp4 = (await res.json()) as { url: string; id: string; durationInFrames: number; format: string };
    expect(mp4).toMatchObject({ durationInFrames: 10, format: 'mp4' });
    const video = await probeVideo(await fetchBytes(mp4.url));
    expect(video).toMatchObject({ codec: 'h264', width: 160, height: 90, frames: 10, fps: 10, pixFmt: 'yuv420p' });
    expect(near(video.firstFrameCentre, BLUE, 24)).toBe(true);

    const gifRes = await stack.api(`/video/templates/${template.uid}/render`, {
      method: 'POST',
      key,
      json: { variables: { color: '#00ff00' }, format: 'gif' },
    });
    expect(gifRes.status).toBe(200);
    const gif = (await gifRes.json()) as { url: string; format: string };
    expect(gif.format).toBe('gif');
    // Code templates encode GIFs at half the composition frame rate: 10 frames at 10 fps → 5 at 5 fps.
    const frames = await probeGif(await fetchBytes(gif.url));
    expect(frames).toMatchObject({ frames: 5, width: 160, height: 90 });
    expect(frames.delays.every((d) => d === 200)).toBe(true);

    const status = (await (await stack.api(`/video/renders/${mp4.id}`, { key })).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ id: mp4.id, status: 'done', format: 'mp4', durationInFrames: 10 });
  }, 120_000);

  it('previews one frame of a code template as a PNG', async () => {
    const { template } = (await (await create({ tsx: SCENE() })).json()) as TemplateBody;
    const res = await stack.api(`/video/templates/${template.uid}/preview`, {
      method: 'POST',
      key,
      json: { variables: { color: '#00ff00' }, frame: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-ratelimit-limit')).toBe('5');
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([160, 90]);
    const i = (45 * 160 + 120) * info.channels;
    expect(near([data[i]!, data[i + 1]!, data[i + 2]!], GREEN)).toBe(true);
  }, 60_000);

  it('answers 402 quota_exceeded on video endpoints when the render credits are used up', async () => {
    const { key: poor, accountId } = await stack.newAccount();
    await setOwnerPlan(stack.db, { ownerId: accountId, kind: 'account', plan: 'pro', settings: { renderCredits: 0.5 } });
    const { template } = (await (await create({ tsx: SCENE() }, poor)).json()) as TemplateBody;
    const problem = await problemOf(await stack.api(`/video/templates/${template.uid}/render`, { method: 'POST', key: poor, json: {} }));
    expect(problem).toMatchObject({ status: 402, code: 'quota_exceeded' });
    expect(JSON.stringify(problem)).not.toMatch(/retry/i);
  });

  it('holds previews to their fixed per-minute limit with the rate-limit headers', async () => {
    const { key: busy } = await stack.newAccount();
    await earlyInMinute();
    // The limit is counted before the body is read: invalid previews count too and render nothing.
    for (let i = 0; i < 5; i++)
      expect((await stack.api('/video/templates/vtp_none/preview', { method: 'POST', key: busy, json: {} })).status).toBe(404);
    const limited = await stack.api('/video/templates/vtp_none/preview', { method: 'POST', key: busy, json: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await problemOf(limited)).type).toMatch(/\/rate-limit$/);
  });

  it('generates a draft code template with the AI provider, repairing a scene that does not compile, and spends one AI credit', async () => {
    const { key: writer, accountId } = await stack.newAccount();
    await setOwnerPlan(stack.db, { ownerId: accountId, kind: 'account', plan: 'pro', settings: { aiCredits: 1 } });
    ai.answers.push(
      "Here you go:\n```tsx\nimport fs from 'fs';\nexport default () => null;\n```",
      `\`\`\`tsx\n${SCENE({ color: '#1a73e8' })}\`\`\``,
    );
    const res = await stack.api('/video/templates/generate', {
      method: 'POST',
      key: writer,
      json: { prompt: 'A blue launch card', width: 160, height: 90, durationSeconds: 1, brandColor: '#1a73e8' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as TemplateBody & { previewUrl: string | null };
    expect(body.template).toMatchObject({ kind: 'code', width: 160, height: 90, name: 'A blue launch card' });
    expect(body.previewUrl).toMatch(/\.png$/);
    const preview = await fetch(body.previewUrl!);
    expect(preview.status).toBe(200);
    // Asked twice: the second time with the compiler's complaint; the key and brief went along.
    expect(ai.requests).toHaveLength(2);
    expect(ai.requests[0]!.authorization).toBe('Bearer sk-test');
    expect(ai.requests[0]!.body.model).toBe('scene-writer');
    expect(JSON.stringify(ai.requests[0]!.body.messages)).toContain('#1a73e8');
    expect(JSON.stringify(ai.requests[1]!.body.messages)).toMatch(/does not compile/);

    const details = (await (await stack.api('/user/plan-details', { key: writer })).json()) as {
      aiCredits: { used: number; limit: number };
      renders: { used: number };
    };
    expect(details.aiCredits).toEqual({ used: 1, limit: 1 });
    // Generation is metered as one render: its preview frame.
    expect(details.renders.used).toBe(1);
    const exhausted = await problemOf(
      await stack.api('/video/templates/generate', { method: 'POST', key: writer, json: { prompt: 'again' } }),
    );
    expect(exhausted).toMatchObject({ status: 402, code: 'ai_quota_exceeded' });
    expect(ai.requests).toHaveLength(2);
  }, 60_000);

  it('charges nothing when the AI provider fails, and validates the brief', async () => {
    const { key: writer } = await stack.newAccount();
    const failed = await problemOf(
      await stack.api('/video/templates/generate', { method: 'POST', key: writer, json: { prompt: 'anything' } }),
    );
    expect(failed.status).toBe(502);
    const details = (await (await stack.api('/user/plan-details', { key: writer })).json()) as {
      aiCredits: { used: number };
      renders: { used: number };
    };
    expect([details.aiCredits.used, details.renders.used]).toEqual([0, 0]);
    const bad = await problemOf(
      await stack.api('/video/templates/generate', {
        method: 'POST',
        key: writer,
        json: { prompt: '', brandColor: 'blue', durationSeconds: 0 },
      }),
    );
    expect(bad.errors.map((e: { field: string }) => e.field).sort()).toEqual(['brandColor', 'durationSeconds', 'prompt']);
  });
});

describe('timeline templates and what a scene may not do (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  const onExit: Array<() => Promise<void>> = [];
  const PROJECT = {
    width: 1280,
    height: 720,
    fps: 30,
    backgroundColor: '#000000',
    tracks: [
      { clips: [{ type: 'solid', color: '#ff0000', variable: 'background', from: 0, durationInFrames: 30 }] },
      {
        clips: [
          {
            type: 'text',
            text: 'Launch',
            variable: 'headline',
            from: 0,
            durationInFrames: 30,
            style: { x: 40, y: 40, fontSize: 64, color: '#ffffff' },
          },
        ],
      },
    ],
  };
  const DEFINITIONS = [
    { name: 'background', type: 'color', defaultValue: '#ff0000' },
    { name: 'headline', type: 'text', validation: { required: true, maxLength: 40 } },
    { name: 'logo', type: 'image' },
  ];

  beforeAll(async () => {
    pages = await startPageServer({ '/pixel.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(GREEN_PIXEL) });
    // 25 s: a 1280×720 timeline took longer than 15 s once in CI with the machine loaded (a render-timeout 422).
    stack = await startTestStack('memory+pglite', { withVideoService: true, video: { timeoutMs: 25_000 } });
    ({ key } = await stack.newAccount());
  }, 180_000);
  afterAll(async () => {
    await stack?.dispose();
    await pages?.close();
    await Promise.all(onExit.map((close) => close()));
  });

  async function timeline(): Promise<string> {
    const res = await stack.api('/video/templates', {
      method: 'POST',
      key,
      json: { name: 'Launch', projectJson: PROJECT, variableDefinitions: DEFINITIONS },
    });
    expect(res.status).toBe(201);
    const { template } = (await res.json()) as TemplateBody;
    expect(template).toMatchObject({ kind: 'timeline', width: 1280, height: 720, fps: 30, durationInFrames: 30 });
    return template.uid;
  }

  it('renders a timeline to MP4 with validated variables, and to a GIF capped at 15 fps and 720 px', async () => {
    const uid = await timeline();
    const res = await stack.api(`/video/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { variables: { background: '#0000ff', headline: 'Hello', unknown: 'ignored' } },
    });
    expect([res.status, res.status === 200 ? '' : await res.clone().text()]).toEqual([200, '']);
    const mp4 = (await res.json()) as { id: string; url: string; durationInFrames: number };
    expect(mp4.durationInFrames).toBe(30);
    // The row keeps the variables as sent (not the defaults filled in), beside what the renderer reported: the render's
    // page says them (the dashboard's Render again opens the studio with them) and `q` finds the render by one.
    const kept = (await (await stack.api(`/renders/${mp4.id}`, { key })).json()) as { render: { parameters: Record<string, unknown> } };
    expect(kept.render.parameters).toMatchObject({
      variables: { background: '#0000ff', headline: 'Hello', unknown: 'ignored' },
      durationInFrames: 30,
    });
    const found = (await (await stack.api('/renders?q=HELLO&kind=video', { key })).json()) as { items: Array<{ id: string }> };
    expect(found.items.map((item) => item.id)).toEqual([mp4.id]);
    const video = await probeVideo(Buffer.from(await (await fetch(mp4.url)).arrayBuffer()));
    expect(video).toMatchObject({ codec: 'h264', width: 1280, height: 720, frames: 30, fps: 30 });
    expect(near(video.firstFrameCentre, BLUE, 24)).toBe(true);

    const gifRes = await stack.api(`/video/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { variables: { headline: 'Hi' }, format: 'gif' },
    });
    expect(gifRes.status).toBe(200);
    const gif = await probeGif(Buffer.from(await (await fetch(((await gifRes.json()) as { url: string }).url)).arrayBuffer()));
    expect(gif).toMatchObject({ frames: 15, width: 720, height: 405 });
  }, 120_000);

  it('answers 422 invalid_variable for bad values and 501 for previews of timelines', async () => {
    const uid = await timeline();
    const bad = await problemOf(
      await stack.api(`/video/templates/${uid}/render`, {
        method: 'POST',
        key,
        json: { variables: { background: 'not-a-colour', logo: 'http://169.254.169.254/x.png' } },
      }),
    );
    expect(bad).toMatchObject({ status: 422, code: 'invalid_variable' });
    expect(bad.errors.map((e: { field: string }) => e.field).sort()).toEqual(['variables.background', 'variables.headline']);
    const unsafe = await problemOf(
      await stack.api(`/video/templates/${uid}/render`, {
        method: 'POST',
        key,
        json: { variables: { headline: 'x', logo: 'http://169.254.169.254/x.png' } },
      }),
    );
    expect(unsafe).toMatchObject({ status: 422, code: 'invalid_variable' });
    expect(unsafe.errors[0].field).toBe('variables.logo');
    const preview = await problemOf(await stack.api(`/video/templates/${uid}/preview`, { method: 'POST', key, json: { frame: 1 } }));
    expect(preview).toMatchObject({ status: 501, code: 'preview_not_supported' });
    const invalidProject = await problemOf(
      await stack.api('/video/templates', {
        method: 'POST',
        key,
        json: { projectJson: { ...PROJECT, width: 1281, tracks: [{ clips: [{ type: 'hologram', from: 0, durationInFrames: 1 }] }] } },
      }),
    );
    expect(invalidProject.status).toBe(400);
    expect(invalidProject.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'projectJson.tracks.0.clips.0.type',
      'projectJson.width',
    ]);
  });

  it('lets a scene load allowed images only: a private or metadata address fails the render, the next one works', async () => {
    const scene = (src: string) => `import { AbsoluteFill, Img } from 'remotion';
export const meta = { width: 64, height: 64, fps: 10, durationInFrames: 2, defaultProps: {} };
export default function Scene() { return <AbsoluteFill><Img src="${src}" style={{ width: 64, height: 64 }} /></AbsoluteFill>; }
`;
    const create = async (tsx: string) =>
      ((await (await stack.api('/video/templates', { method: 'POST', key, json: { tsx } })).json()) as TemplateBody).template.uid;
    const allowed = await create(scene(pages.url('/pixel.png')));
    const ok = await stack.api(`/video/templates/${allowed}/preview`, { method: 'POST', key, json: {} });
    expect(ok.status).toBe(200);
    const { default: sharp } = await import('sharp');
    const { data } = await sharp(Buffer.from(await ok.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(near([data[(32 * 64 + 32) * 3]!, data[(32 * 64 + 32) * 3 + 1]!, data[(32 * 64 + 32) * 3 + 2]!], GREEN, 30)).toBe(true);

    // The same image from a loopback address that is not on the allow-list: only the guard stands in the way.
    const loopback = await startPageServer(
      { '/pixel.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(GREEN_PIXEL) },
      '127.0.0.1',
    );
    onExit.push(() => loopback.close());
    for (const target of [loopback.url('/pixel.png'), 'http://169.254.169.254/latest/meta-data/x.png']) {
      const blocked = await create(scene(target));
      const problem = await problemOf(await stack.api(`/video/templates/${blocked}/preview`, { method: 'POST', key, json: {} }));
      expect([target, problem.status]).toEqual([target, 422]);
    }
    expect(loopback.hits.get('/pixel.png')).toBeUndefined();
    expect((await stack.api(`/video/templates/${allowed}/preview`, { method: 'POST', key, json: {} })).status).toBe(200);
  }, 120_000);

  it('fails a scene that throws with its message, and one that never finishes within the time limit', async () => {
    const throwing = `export const meta = { width: 64, height: 64, fps: 10, durationInFrames: 2, defaultProps: {} };
export default function Scene() { throw new Error('the scene broke on purpose'); }
`;
    const hanging = `import { delayRender } from 'remotion';
export const meta = { width: 64, height: 64, fps: 10, durationInFrames: 2, defaultProps: {} };
export default function Scene() { delayRender('waiting forever'); return null; }
`;
    const create = async (tsx: string) =>
      ((await (await stack.api('/video/templates', { method: 'POST', key, json: { tsx } })).json()) as TemplateBody).template.uid;
    const brokeRes = await stack.api(`/video/templates/${await create(throwing)}/render`, { method: 'POST', key, json: {} });
    const broke = JSON.parse(await brokeRes.text()) as Record<string, any>;
    expect([brokeRes.status, brokeRes.headers.get('content-type'), broke]).toEqual([
      422,
      'application/problem+json; charset=utf-8',
      expect.objectContaining({ status: 422 }),
    ]);
    expect(broke.detail).toMatch(/the scene broke on purpose/);
    const started = Date.now();
    const hung = await problemOf(await stack.api(`/video/templates/${await create(hanging)}/render`, { method: 'POST', key, json: {} }));
    expect(hung.status).toBe(422);
    expect(hung.type).toMatch(/\/render-(timeout|failed)$/);
    // The watchdog's 25 s and the job's start and removal.
    expect(Date.now() - started).toBeLessThan(50_000);
    // The renderer keeps serving.
    const after = await stack.api(`/video/templates/${await create(SCENE())}/preview`, { method: 'POST', key, json: {} });
    expect([after.status, after.status === 200 ? '' : await after.text()]).toEqual([200, '']);
  }, 120_000);
});

describe('video templates without an AI provider (memory+pglite)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { withImageService: false });
  }, 180_000);
  afterAll(() => stack?.dispose());

  it('answers 501 ai-not-configured for generation', async () => {
    const { key } = await stack.newAccount();
    const problem = await problemOf(await stack.api('/video/templates/generate', { method: 'POST', key, json: { prompt: 'a card' } }));
    expect(problem.status).toBe(501);
    expect(problem.type).toMatch(/\/ai-not-configured$/);
  });
});
