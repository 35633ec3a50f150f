import { readFile } from 'node:fs/promises';

/** Dockerfile instructions by stage, continuation lines joined (no docker engine here: the structure is what we can check). */
async function stages(path: string): Promise<Array<{ from: string; name?: string; instructions: Array<[string, string]> }>> {
  const text = (await readFile(path, 'utf8')).replace(/\\\n/g, ' ');
  const result: Array<{ from: string; name?: string; instructions: Array<[string, string]> }> = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const [keyword, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword!.toUpperCase() === 'FROM') {
      const [image, as, name] = rest;
      result.push({ from: image!, ...(as?.toUpperCase() === 'AS' ? { name: name! } : {}), instructions: [] });
    } else {
      result.at(-1)!.instructions.push([keyword!.toUpperCase(), args]);
    }
  }
  return result;
}

describe('deploy/docker/Dockerfile', () => {
  it('is multi-stage on Node 22 LTS (Debian bookworm), runs compiled JavaScript as a non-root user with production dependencies only', async () => {
    const all = await stages('deploy/docker/Dockerfile');
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const stage of all) expect(stage.from).toMatch(/^node:22-bookworm/);
    const build = all[0]!;
    const runtime = all.at(-1)!;
    const buildRuns = build.instructions.filter(([k]) => k === 'RUN').map(([, a]) => a);
    expect(buildRuns.join(' ')).toContain('node deploy/scripts/build-services.mjs');
    // Dev dependencies (typescript, tsx, esbuild, jest) are pruned before the runtime copies the tree.
    expect(buildRuns.join(' ')).toMatch(/pnpm install [^&]*--prod/);
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
  });

  it('the dashboard image is multi-stage and serves as a non-root user', async () => {
    const all = await stages('deploy/docker/dashboard.Dockerfile');
    expect(all.length).toBe(2);
    expect(all[0]!.from).toMatch(/^node:22-bookworm/);
    expect(all[1]!.from).toMatch(/^nginxinc\/nginx-unprivileged:/);
    expect(all[1]!.instructions.filter(([k]) => k === 'USER').at(-1)?.[1]).toBe('101');
  });
});
