import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';

const DIR = 'deploy/observability';

function promtool(...args: string[]): { status: number | null; out: string } {
  const run = spawnSync('promtool', args, { encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** Prometheus names of every instrument created in our sources (counters get `_total`; histograms `_bucket`/`_sum`/`_count`). */
async function declaredMetrics(): Promise<Set<string>> {
  return new Set(
    (await declaredFamilies()).flatMap(({ name, type }) =>
      type === 'Histogram' ? ['_bucket', '_sum', '_count'].map((s) => `${name}${s}`) : [name],
    ),
  );
}

/** Each instrument created in our sources as the family `/metrics` shows: its name (counters end in `_total`) and type. */
async function declaredFamilies(): Promise<Array<{ name: string; type: string }>> {
  const families = new Map<string, string>();
  for (const root of ['libs', 'services']) {
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (!entry.isFile() || !path.endsWith('.ts') || path.includes('node_modules') || path.endsWith('.test.ts')) continue;
      const text = await readFile(path, 'utf8');
      for (const m of text.matchAll(/create(Observable)?(Counter|Histogram|Gauge|UpDownCounter)\(\s*'([a-z0-9_]+)'/g)) {
        const [, , type, name] = m;
        families.set(type === 'Counter' && !name!.endsWith('_total') ? `${name}_total` : name!, type!);
      }
    }
  }
  return [...families].map(([name, type]) => ({ name, type }));
}

/** The metric names a PromQL expression reads: identifiers that are neither functions, keywords, labels nor strings. */
function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?/g)]
    .filter(([, , call]) => !call)
    .map(([, name]) => name!)
    .filter((name) => !['and', 'or', 'unless', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset'].includes(name));
}

describe('deploy/observability', () => {
  it('alert rules pass `promtool check rules` and their unit tests (`promtool test rules`)', () => {
    const check = promtool('check', 'rules', `${DIR}/alerts.yml`);
    expect(check).toMatchObject({ status: 0 });
    expect(check.out).toContain('SUCCESS: 5 rules found');
    expect(promtool('test', 'rules', `${DIR}/alerts.test.yml`)).toMatchObject({ status: 0 });
  });

  it('alerts and dashboard read only metrics our code exports', async () => {
    const declared = await declaredMetrics();
    const rules = parse(await readFile(`${DIR}/alerts.yml`, 'utf8')) as { groups: Array<{ rules: Array<{ expr: string }> }> };
    const dashboard = JSON.parse(await readFile(`${DIR}/grafana-dashboard.json`, 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const exprs = [
      ...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)),
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
    ];
    const used = new Set(exprs.flatMap(metricsIn));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !declared.has(name))).toEqual([]);
  });

  it('queue lag is taken once per consumer, not summed over the replicas that each report it', async () => {
    const rules = parse(await readFile(`${DIR}/alerts.yml`, 'utf8')) as { groups: Array<{ rules: Array<{ expr: string }> }> };
    const dashboard = JSON.parse(await readFile(`${DIR}/grafana-dashboard.json`, 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const lag = [
      ...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)),
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
    ].filter((expr) => expr.includes('jetstream_consumer_'));
    expect(lag.length).toBeGreaterThanOrEqual(2);
    for (const expr of lag) expect(expr).toMatch(/^\s*max by \(stream, consumer\) \(jetstream_consumer_/);
  });

  it('docs/operations.md lists every metric our code exports, and only those', async () => {
    const doc = await readFile('docs/operations.md', 'utf8');
    const table = doc.slice(doc.indexOf('| Metric | Labels | What |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    const documented = rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1]!));
    const declared = (await declaredFamilies()).map((f) => f.name);
    expect(declared.length).toBeGreaterThan(15);
    expect([...documented].sort()).toEqual([...declared].sort());
  });

  it('every alert has a runbook section in docs/operations.md', async () => {
    const rules = parse(await readFile(`${DIR}/alerts.yml`, 'utf8')) as { groups: Array<{ rules: Array<{ alert: string }> }> };
    const doc = await readFile('docs/operations.md', 'utf8');
    for (const { alert } of rules.groups.flatMap((g) => g.rules)) expect(doc).toContain(`### ${alert}`);
  });
});
