import { readFile } from 'node:fs/promises';

/** The Node.js version every place pins (setup, the image, the docs): docs/adr/0039. */
const pinnedNode = async () => (await readFile('.node-version', 'utf8')).trim();

/**
 * Dockerfile instructions by stage, continuation lines joined (no docker engine here: the structure is what we can
 * check). `ARG`s before the first FROM are substituted into FROM lines with their defaults, as docker build does.
 */
async function stages(path: string): Promise<Array<{ from: string; name?: string; instructions: Array<[string, string]> }>> {
  const text = (await readFile(path, 'utf8')).replace(/\\\n/g, ' ');
  const result: Array<{ from: string; name?: string; instructions: Array<[string, string]> }> = [];
  const globalArgs = new Map<string, string>();
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const [keyword, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword!.toUpperCase() === 'ARG' && result.length === 0) {
      const [name, value = ''] = args.split('=');
      globalArgs.set(name!, value);
    } else if (keyword!.toUpperCase() === 'FROM') {
      const [raw, as, name] = rest;
      const image = raw!.replace(/\$\{(\w+)\}/g, (_, arg: string) => globalArgs.get(arg) ?? '');
      result.push({ from: image, ...(as?.toUpperCase() === 'AS' ? { name: name! } : {}), instructions: [] });
    } else {
      result.at(-1)!.instructions.push([keyword!.toUpperCase(), args]);
    }
  }
  return result;
}

describe('deploy/docker/Dockerfile', () => {
  it('is multi-stage on Node 26 (Debian bookworm), runs compiled JavaScript as a non-root user with production dependencies only', async () => {
    const all = await stages('deploy/docker/Dockerfile');
    expect(all.length).toBeGreaterThanOrEqual(2);
    // The exact Node of .node-version (26, docs/adr/0057), the one `make setup` runs the test suite on.
    const node = await pinnedNode();
    expect(node).toMatch(/^26\.\d+\.\d+$/);
    for (const stage of all) expect(stage.from).toBe(`node:${node}-bookworm-slim`);
    const build = all[0]!;
    const runtime = all.at(-1)!;
    const buildRuns = build.instructions.filter(([k]) => k === 'RUN').map(([, a]) => a);
    // The build stage is deploy/docker/build-app.sh, which container-build.test.ts runs and starts.
    expect(buildRuns).toContain('bash deploy/docker/build-app.sh');
    const script = await readFile('deploy/docker/build-app.sh', 'utf8');
    expect(script).toContain('node deploy/scripts/build-services.mjs');
    // Dev dependencies (typescript, tsx, esbuild, jest) are pruned before the runtime copies the tree.
    expect(script).toMatch(/pnpm prune --prod/);
    const runtimeText = runtime.instructions.map(([k, a]) => `${k} ${a}`).join('\n');
    expect(runtimeText).toContain(`COPY --from=${build.name}`);
    expect(runtimeText).not.toMatch(/pnpm install|npm install|tsx|--conditions=source|typescript/);
    const user = runtime.instructions.filter(([k]) => k === 'USER').at(-1)?.[1];
    expect(user).toBeDefined();
    expect(user!.split(':')[0]).toMatch(/^[1-9]\d*$/);
    const entrypoint = JSON.parse(runtime.instructions.find(([k]) => k === 'ENTRYPOINT')![1]) as string[];
    expect(entrypoint).toEqual(['tini', '--', 'node']);
    const cmd = JSON.parse(runtime.instructions.find(([k]) => k === 'CMD')![1]) as string[];
    expect(cmd).toEqual(['deploy/embedded/dist/main.js']);
    // `admin-cli` is a command in the image (container-build.test.ts runs the script it links to).
    expect(runtimeText).toContain('RUN ln -s /app/deploy/docker/admin-cli /usr/local/bin/admin-cli');
  });

  it('the dashboard image is multi-stage and serves as a non-root user', async () => {
    const all = await stages('deploy/docker/dashboard.Dockerfile');
    expect(all.length).toBe(2);
    expect(all[0]!.from).toBe(`node:${await pinnedNode()}-bookworm-slim`);
    expect(all[1]!.from).toMatch(/^nginxinc\/nginx-unprivileged:/);
    expect(all[1]!.instructions.filter(([k]) => k === 'USER').at(-1)?.[1]).toBe('101');
  });
});
