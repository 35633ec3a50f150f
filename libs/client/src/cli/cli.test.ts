import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { startTestStack, type TestStack } from '../../../../deploy/embedded/test/harness.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
// The test runs the TypeScript sources (a published package runs dist/cli/main.js); tsx from the workspace root.
const TSX = new URL('../../../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
const RED = '<html><body style="margin:0;background:#ff0000"></body></html>';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('the pressroom CLI, run as a child process against a live Pressroom', () => {
  let stack: TestStack;
  let key: string;
  let dir: string;

  const pressroom = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--conditions=source', '--import', TSX, MAIN, ...args],
        { cwd: dir, env: { PATH: process.env.PATH, PRESSROOM_URL: stack.baseUrl, PRESSROOM_API_KEY: key, ...env }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
    dir = await mkdtemp(join(tmpdir(), 'pressroom-cli-'));
    await writeFile(join(dir, 'page.html'), RED);
    await writeFile(join(dir, 'card.html'), '<html><body style="margin:0;background:{{colour}}"><h1>{{title}}</h1></body></html>');
    await writeFile(join(dir, 'rows.csv'), 'colour,title\n#00ff00,one\n"#0000ff","two, with a comma"\n#ff0000,three\n');
  });
  afterAll(async () => {
    await stack?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders a local HTML file to a PNG', async () => {
    const run = await pressroom(['render', 'page.html', '-o', 'card.png', '--width', '64', '--height', '32']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^card\.png \(\d+ bytes\) http/);
    const { data, info } = await sharp(join(dir, 'card.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([64, 32]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('renders a GIF and a PDF', async () => {
    const gif = await pressroom(['gif', 'page.html', '-o', 'anim.gif', '--width', '40', '--height', '30']);
    expect(gif.code).toBe(0);
    expect((await readFile(join(dir, 'anim.gif'))).subarray(0, 6).toString()).toBe('GIF89a');
    const pdf = await pressroom(['pdf', 'page.html', '-o', 'doc.pdf', '--preset', 'A5']);
    expect(pdf.code).toBe(0);
    expect((await readFile(join(dir, 'doc.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('pushes, lists, gets and renders a template, then batch-renders a CSV with a progress bar', async () => {
    const push = await pressroom(['templates', 'push', 'card.html', '--name', 'cli-card', '--width', '50', '--height', '20']);
    expect(push.code).toBe(0);
    const uid = push.stdout.split('\t')[0]!;
    expect(uid).toMatch(/^tpl_/);
    expect((await pressroom(['templates', 'list'])).stdout).toContain(`${uid}\tcli-card\t50x20`);
    expect(JSON.parse((await pressroom(['templates', 'get', uid])).stdout)).toMatchObject({ uid, name: 'cli-card' });

    const one = await pressroom(['render', '--template', uid, '--var', 'colour=#0000ff', '--var', 'title=x', '-o', 't.png']);
    expect(one.code).toBe(0);
    const { data } = await sharp(join(dir, 't.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0, 0, 255]);

    const batch = await pressroom(['batch', uid, 'rows.csv', '--out', 'out/']);
    expect(batch.code).toBe(0);
    expect(batch.stderr).toMatch(/\[#{30}\] 3\/3/);
    expect(batch.stdout).toMatch(/^3 of 3 files in out\//);
    const files = (await readdir(join(dir, 'out'))).sort();
    expect(files).toEqual(['0001.png', '0002.png', '0003.png']);
    const second = await sharp(join(dir, 'out', '0002.png'))
      .removeAlpha()
      .raw()
      .toBuffer();
    expect([...second.subarray(0, 3)]).toEqual([0, 0, 255]);
  });

  it('explains mistakes with the problem detail and an exit code', async () => {
    const noKey = await pressroom(['render', 'page.html'], { PRESSROOM_API_KEY: '' });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/Set PRESSROOM_API_KEY/);
    const usage = await pressroom(['render', 'page.html', '--url', 'https://example.com']);
    expect(usage.code).toBe(2);
    const tooWide = await pressroom(['render', 'page.html', '--width', '99999']);
    expect(tooWide.code).toBe(1);
    expect(tooWide.stderr).toMatch(/Validation Error \(400 validation-error\)/);
    expect(tooWide.stderr).toMatch(/ {2}width: /);
    const badKey = await pressroom(['templates', 'list'], { PRESSROOM_API_KEY: 'pr_live_nonsense' });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/401 invalid-api-key/);
    const missing = await pressroom(['templates', 'get', 'tpl_nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/404 template-not-found/);
    const down = await pressroom(['templates', 'list'], { PRESSROOM_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/Could not reach http:\/\/127\.0\.0\.1:9/);
  });
});
