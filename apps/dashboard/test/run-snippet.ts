import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SnippetRun {
  /** The exit code: 0 when the snippet finished without an error. */
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs code the dashboard shows for copying as a developer would: a shell command with bash, JavaScript saved as a
 * file and run with node, Python run with python3, with `env` (PRESSROOM_API_KEY) set. Asynchronous on purpose: the stack under test answers
 * from this same process, so a synchronous child would wait on it for ever.
 */
export async function runSnippet(kind: 'shell' | 'node' | 'python', text: string, env: Record<string, string> = {}): Promise<SnippetRun> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-snippet-'));
  try {
    const file = join(dir, { shell: 'snippet.sh', node: 'snippet.js', python: 'snippet.py' }[kind]);
    await writeFile(file, text);
    const command = { shell: 'bash', node: process.execPath, python: 'python3' }[kind];
    const args = [file];
    return await new Promise<SnippetRun>((resolve) => {
      execFile(command, args, { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
