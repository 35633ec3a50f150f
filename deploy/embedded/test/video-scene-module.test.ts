import { problemOf, startTestStack, type TestStack } from './harness.js';

/** A 160×90 scene filled with its `color` prop. */
const SCENE = `import { AbsoluteFill } from 'remotion';

export const meta = { width: 160, height: 90, fps: 10, durationInFrames: 10, defaultProps: { color: '#00a050' } };

export default function Scene({ color }: { color: string }) {
  return <AbsoluteFill style={{ backgroundColor: color }} />;
}
`;

/**
 * GET /video/templates/{uid}/module: the saved scene compiled for the dashboard's player (docs/adr/0045). No video
 * service is needed: the gateway compiles, the browser plays.
 */
describe('video scene module (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
  }, 120_000);
  afterAll(async () => {
    await stack?.dispose();
  });

  it('answers the compiled CommonJS module and the meta; it asks its require for allowed modules only', async () => {
    const created = await stack.api('/video/templates', { method: 'POST', key, json: { name: 'Fill', tsx: SCENE } });
    const { template } = (await created.json()) as { template: { uid: string } };
    const res = await stack.api(`/video/templates/${template.uid}/module`, { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { uid: string; code: string; width: number; defaultProps: Record<string, unknown> };
    expect(body).toMatchObject({
      uid: template.uid,
      width: 160,
      height: 90,
      fps: 10,
      durationInFrames: 10,
      defaultProps: { color: '#00a050' },
    });

    // Evaluated as the player evaluates it: module, exports and a require that is asked for modules by name.
    const asked: string[] = [];
    const element = (type: unknown, props: unknown) => ({ type, props });
    const modules: Record<string, unknown> = {
      remotion: { AbsoluteFill: 'AbsoluteFill' },
      'react/jsx-runtime': { jsx: element, jsxs: element },
    };
    const module = { exports: {} as { default?: (props: { color: string }) => { type: unknown; props: { style: unknown } } } };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the module is what this checks
    new Function('require', 'module', 'exports', body.code)((name: string) => (asked.push(name), modules[name]), module, module.exports);
    expect(module.exports.default!({ color: '#123456' })).toEqual({
      type: 'AbsoluteFill',
      props: { style: { backgroundColor: '#123456' } },
    });
    expect([...new Set(asked)].sort()).toEqual(['react/jsx-runtime', 'remotion']);
  });

  it('is 404 for a timeline template and for another account', async () => {
    const timeline = await stack.api('/video/templates', {
      method: 'POST',
      key,
      json: {
        projectJson: {
          width: 160,
          height: 90,
          fps: 10,
          tracks: [{ clips: [{ type: 'solid', color: '#ff0000', from: 0, durationInFrames: 10 }] }],
        },
      },
    });
    const { template } = (await timeline.json()) as { template: { uid: string } };
    const problem = await problemOf(await stack.api(`/video/templates/${template.uid}/module`, { key }));
    expect(problem.status).toBe(404);
    expect(problem.detail).toMatch(/timeline template; only code templates have a scene module/);

    const code = await stack.api('/video/templates', { method: 'POST', key, json: { tsx: SCENE } });
    const uid = ((await code.json()) as { template: { uid: string } }).template.uid;
    const other = await stack.newAccount();
    expect((await stack.api(`/video/templates/${uid}/module`, { key: other.key })).status).toBe(404);
  });
});
