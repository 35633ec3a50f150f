import { checkCodeTemplate, checkTimelineProject } from './index.js';

const SCENE = `import { AbsoluteFill, useCurrentFrame } from 'remotion';
import type { FC } from 'react';
export const meta = { width: 320, height: 180, fps: 25, durationInFrames: 50, defaultProps: { title: 'Hi', size: -2, tags: ['a'], nested: { on: true } } } as const;
const Scene: FC<{ title: string }> = ({ title }) => { const frame = useCurrentFrame(); return <AbsoluteFill>{title}{frame}</AbsoluteFill>; };
export default Scene;
`;

const messages = async (tsx: string) => {
  const checked = await checkCodeTemplate(tsx);
  if (checked.ok) throw new Error('expected a failure');
  return checked.errors.map((e) => e.message).join('\n');
};

describe('checkCodeTemplate', () => {
  it('accepts a scene and reads its meta as a literal, without running it', async () => {
    const checked = await checkCodeTemplate(SCENE);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.meta).toEqual({
      width: 320,
      height: 180,
      fps: 25,
      durationInFrames: 50,
      defaultProps: { title: 'Hi', size: -2, tags: ['a'], nested: { on: true } },
    });
    // The module the render bundle evaluates: CommonJS requiring only allowed modules.
    expect(checked.code).toContain('require("remotion")');
    expect(checked.code).not.toMatch(/require\("(?!remotion|react\/jsx-runtime|react")/);
  });

  it('refuses imports outside the allow-list however they are written, unused ones included', async () => {
    expect(await messages(`import fs from 'fs';\n${SCENE}`)).toMatch(/"fs" is not allowed/);
    expect(await messages(`import { readFileSync } from 'node:fs';\n${SCENE}`)).toMatch(/"node:fs" is not allowed/);
    expect(await messages(`${SCENE}\nconst cp = require('child_process');`)).toMatch(/"child_process"/);
    expect(await messages(`${SCENE}\nexport const later = () => import('node:net');`)).toMatch(/"node:net"/);
    expect(await messages(`import x from '@remotion/lambda';\n${SCENE}`)).toMatch(/not available on this server/);
    expect(await messages(`import x from './local';\n${SCENE}`)).toMatch(/"\.\/local" is not allowed/);
    expect(await messages(`${SCENE}\nexport async function later() { const net = await import('node:net'); return net; }`)).toMatch(
      /"node:net" is not allowed/,
    );
  });

  it('refuses import() and require() of a computed name (it cannot be checked), and turns import() into the scene require', async () => {
    expect(await messages(`${SCENE}\nconst name = 'node:fs';\nexport const load = () => import(name);`)).toMatch(
      /import\(\) needs a string literal/,
    );
    expect(await messages(`${SCENE}\nconst name = 'fs';\nexport const load = () => require(name);`)).toMatch(
      /require\(\) needs a string literal/,
    );
    expect(await messages(`${SCENE}\nexport const load = (n: string) => import(\`node:\${n}\`);`)).toMatch(
      /import\(\) needs a string literal/,
    );
    expect(await messages(`${SCENE}\nconst r = require;\nexport const load = () => r('fs');`)).toMatch(
      /require may only be called directly/,
    );
    // Property names are not references to require.
    const fine = await checkCodeTemplate(
      `${SCENE}\nexport const o = { require: 1 }; export const p = (x: { require: number }) => x.require;\nexport const later = () => import('zod');`,
    );
    expect(fine.ok).toBe(true);
    if (!fine.ok) return;
    // In the compiled module a literal import() is a call of the scene's require (its module table), never the browser's loader.
    expect(fine.code).toMatch(/require\("zod"\)/);
    expect(fine.code).not.toMatch(/\bimport\(/);
  });

  it('reports syntax errors with their line and column', async () => {
    const checked = await checkCodeTemplate(SCENE.replace('return <AbsoluteFill>', 'return <<AbsoluteFill>'));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors[0]).toMatchObject({ line: 4, column: expect.any(Number) });
  });

  it('requires a default export and a literal meta with sane, even sizes', async () => {
    expect(await messages(SCENE.replace('export default Scene;', ''))).toMatch(/export default/);
    expect(await messages(SCENE.replace('export const meta', 'const meta'))).toMatch(/export const meta/);
    expect(await messages(SCENE.replace("title: 'Hi'", 'title: String(1)'))).toMatch(/plain object literal/);
    expect(await messages(SCENE.replace('width: 320', 'width: 321'))).toMatch(/meta.width must be even/);
    expect(await messages(SCENE.replace('fps: 25', 'fps: 0'))).toMatch(/meta.fps/);
    expect(await messages(SCENE.replace('durationInFrames: 50', 'durationInFrames: 1000000'))).toMatch(/meta.durationInFrames/);
  });
  it('places a meta message at the key it is about in the source, or at the declaration for a key left out', async () => {
    const tsx = [
      "import { AbsoluteFill } from 'remotion';",
      'export const meta = {',
      '  width: 321,',
      '  height: 180,',
      '  durationInFrames: 50,',
      '};',
      'export default function Scene() { return <AbsoluteFill />; }',
    ].join('\n');
    const checked = await checkCodeTemplate(tsx);
    expect(!checked.ok && checked.errors).toEqual([
      { line: 3, column: 3, message: 'meta.width must be even (H.264 video needs even sizes).' },
      { line: 2, column: 8, message: 'meta.fps must be an integer from 1 to 60.' },
    ]);
  });
});

describe('checkTimelineProject', () => {
  const project = {
    width: 1280,
    height: 720,
    fps: 30,
    tracks: [
      {
        clips: [
          { type: 'solid', color: '#fff', from: 0, durationInFrames: 45 },
          { type: 'text', text: 'x', from: 30, durationInFrames: 30 },
        ],
      },
    ],
  };

  it('accepts a project and takes its length from the last clip', () => {
    const checked = checkTimelineProject(project);
    expect(checked).toMatchObject({ ok: true, meta: { width: 1280, height: 720, fps: 30, durationInFrames: 60 } });
  });

  it('lists every problem with its path', () => {
    const checked = checkTimelineProject({
      ...project,
      fps: 0,
      tracks: [
        {
          clips: [
            { type: 'hologram', from: 0, durationInFrames: 1 },
            { type: 'text', from: -1, durationInFrames: 0 },
          ],
        },
      ],
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.map((e) => e.path).sort()).toEqual([
      'fps',
      'tracks.0.clips.0.type',
      'tracks.0.clips.1.durationInFrames',
      'tracks.0.clips.1.from',
    ]);
    expect(checkTimelineProject({ ...project, tracks: [{ clips: [] }] })).toMatchObject({
      ok: false,
      errors: [{ path: 'durationInFrames' }],
    });
    expect(checkTimelineProject({ ...project, durationInFrames: 30 * 601 })).toMatchObject({
      ok: false,
      errors: [{ path: 'durationInFrames' }],
    });
  });

  it('takes the size from the request and default props from the zod schema when the scene has no meta (the SDK’s way)', async () => {
    const sdkScene = `import { z } from 'zod';
import { AbsoluteFill } from 'remotion';
export const schema = z.object({ title: z.string().default('Hello'), count: z.number().min(0), accent: z.string().min(4).default('#ff0000'), shown: z.boolean() });
export default function Scene(props: z.infer<typeof schema>) { return <AbsoluteFill style={{ background: props.accent }}>{props.title}</AbsoluteFill>; }
`;
    expect(await messages(sdkScene)).toMatch(/or the request must give width, height, fps and durationInFrames/);
    const checked = await checkCodeTemplate(sdkScene, { size: { width: 64, height: 36, fps: 10, durationInFrames: 20 } });
    expect(checked.ok && checked.meta).toEqual({
      width: 64,
      height: 36,
      fps: 10,
      durationInFrames: 20,
      defaultProps: { title: 'Hello', count: 0, accent: '#ff0000', shown: false },
    });
    const odd = await checkCodeTemplate(sdkScene, { size: { width: 63, height: 36, fps: 10, durationInFrames: 20 } });
    expect(!odd.ok && odd.errors.map((e) => e.message)).toEqual(['meta.width must be even (H.264 video needs even sizes).']);
  });

  it('lets a meta export win over a size given beside it', async () => {
    const checked = await checkCodeTemplate(SCENE, { size: { width: 64, height: 36, fps: 10, durationInFrames: 20 } });
    expect(checked.ok && checked.meta.width).toBe(320);
  });
});
