import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// README: `PRESSROOM_API_KEY=$(make -s key ACCOUNT=local)` captures only the key. The target's setup step
// (tools, node_modules) and the CLI's notes must all go to stderr, whatever they had to do first.
describe('make -s key', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pressroom-make-key-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the key alone on stdout; what setup and the CLI did goes to stderr', async () => {
    const { stdout, stderr } = await run('make', ['-s', 'key', 'ACCOUNT=make-key-test'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        DATABASE_URL: '',
        PRESSROOM_DATA_DIR: join(dataDir, 'data'),
        PRESSROOM_ADMIN_SOCKET_WAIT_MS: '0',
      },
    });
    expect(stdout).toMatch(/^prs_live_[0-9a-f]{64}\n$/);
    expect(stderr).toMatch(/created account make-key-test/);
  }, 180_000);

  it('setup as the key target runs it never writes to stdout', async () => {
    const { stdout } = await run('bash', ['deploy/scripts/setup.sh', '--keep-installed'], { cwd: repoRoot });
    expect(stdout).toBe('');
  }, 120_000);
});
