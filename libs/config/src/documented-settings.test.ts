import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import * as config from './index.js';

// docs/configuration.md is the one list of the environment an operator can set. Nothing checked it before:
// PRESSROOM_BROWSER_QUEUE_LIMIT, PRESSROOM_STORAGE_BUCKET and the per-service PORT defaults were read
// but written nowhere. This test ties the list to the schemas that read the environment.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const documentation = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
const documented = new Set([...documentation.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));

/** Every variable of the fragments libs/config exports, with its schema (objects of zod schemas; `portEnv` called for its key). */
function sharedSchemas(): Map<string, z.ZodType> {
  const schemas = new Map<string, z.ZodType>();
  for (const value of Object.values(config)) {
    const fragment = value === config.portEnv ? config.portEnv(0) : value;
    if (!fragment || typeof fragment !== 'object' || Array.isArray(fragment)) continue;
    const entries = Object.entries(fragment as Record<string, unknown>);
    if (entries.length > 0 && entries.every(([name, schema]) => /^[A-Z][A-Z0-9_]*$/.test(name) && schema instanceof z.ZodType)) {
      for (const [name, schema] of entries) schemas.set(name, schema as z.ZodType);
    }
  }
  return schemas;
}

function sharedSettings(): string[] {
  return [...sharedSchemas().keys()].sort();
}

/**
 * The default column of the first row naming each variable (the `make run-cluster` table repeats some with the
 * script's values); a row naming several variables gives one value each, comma-separated.
 */
function documentedDefaults(): Map<string, string> {
  const defaults = new Map<string, string>();
  for (const line of documentation.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const names = [...cells[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!);
    const values = names.length > 1 ? cells[2]!.split(', ') : [cells[2]!];
    if (values.length !== names.length) continue;
    names.forEach((name, i) => {
      if (!defaults.has(name)) defaults.set(name, values[i]!);
    });
  }
  return defaults;
}

/** What a schema makes of a value (undefined: unset), or `refused` when it refuses it. */
function parsed(schema: z.ZodType, value: string | undefined): unknown {
  try {
    const result = schema.safeParse(value);
    return result.success ? result.data : 'refused';
  } catch {
    return 'refused';
  }
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/** The variables each service's own schema adds (services/<name>/src/config.ts, the embedded process's). */
function serviceSettings(): string[] {
  const files = [
    ...readdirSync(join(root, 'services')).map((service) => join(root, 'services', service, 'src/config.ts')),
    join(root, 'deploy/embedded/src/config.ts'),
  ];
  const names = new Set<string>();
  for (const file of files) {
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of source.matchAll(/^\s+([A-Z][A-Z0-9_]+): /gm)) names.add(match[1]!);
  }
  return [...names].sort();
}

/**
 * What the development scripts and the admin CLI read straight from the environment (`env.NAME`,
 * `process.env.NAME`, `${NAME:-…}` in shell): `make run-cluster`'s ports and restart pacing, the CLI's patience.
 */
function scriptSettings(): string[] {
  const dirs = ['deploy/scripts', 'services/gateway/src/admin-cli'];
  const names = new Set<string>();
  for (const dir of dirs) {
    for (const file of readdirSync(join(root, dir))) {
      if (!/\.(mjs|ts|sh)$/.test(file) || file.endsWith('.test.ts')) continue;
      const source = readFileSync(join(root, dir, file), 'utf8');
      for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\$\{([A-Z][A-Z0-9_]+):-/g)) names.add((match[1] ?? match[2])!);
    }
  }
  return [...names].sort();
}

/**
 * Everything the code run by a process reads from the environment outside the schemas: `env.NAME`, `process.env.NAME`
 * or `env('NAME')` in the non-test sources of every lib, service and the embedded process (the OTEL_* settings the
 * tracer reads, the SDK's PRESSROOM_URL, test switches).
 */
function sourceReads(): string[] {
  const dirs = [
    ...readdirSync(join(root, 'libs')).map((lib) => join('libs', lib, 'src')),
    ...readdirSync(join(root, 'services')).map((service) => join('services', service, 'src')),
    'deploy/embedded/src',
  ];
  const names = new Set<string>();
  for (const dir of dirs) {
    let files: string[];
    try {
      files = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const file of files) {
      if (!/\.(ts|tsx|mjs)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const source = readFileSync(join(root, dir, file), 'utf8');
      for (const match of source.matchAll(/\benv(?:\.|\(')([A-Z][A-Z0-9_]+)/g)) names.add(match[1]!);
    }
  }
  return [...names].sort();
}

/** Read by the code but documented elsewhere: the tracer's standard OTEL_* settings and the SDK's, each on its page. */
const DOCUMENTED_ELSEWHERE: Record<string, string> = {
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'docs/operations.md',
  OTEL_TRACES_EXPORTER: 'docs/operations.md',
  OTEL_SDK_DISABLED: 'docs/operations.md',
  OTEL_SERVICE_NAME: 'docs/operations.md',
  PRESSROOM_URL: 'docs/clients.md',
  PRESSROOM_API_KEY: 'docs/clients.md',
};

/** Switches of the test support code (libs/testing, the render harness, span capture): no operator sets them. */
const TEST_SWITCHES = ['PRESSROOM_TRACE_MEMORY', 'RENDER_HARNESS_LOG', 'TEST_DATABASE_URL', 'TEST_NATS_URL'];

describe('docs/configuration.md', () => {
  it('finds the settings it checks (the scan itself works)', () => {
    expect(sharedSettings()).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'PORT', 'PRESSROOM_BROWSER_QUEUE_LIMIT', 'PRESSROOM_NATS_REPLICAS', 'PRESSROOM_S3_BUCKET']),
    );
    expect(serviceSettings()).toEqual(
      expect.arrayContaining(['HOST', 'PRESSROOM_AUTH_CACHE_MS', 'PRESSROOM_GIF_PAGES', 'PRESSROOM_VIDEO_WORK_DIR']),
    );
  });

  it('documents every variable libs/config reads', () => {
    expect(sharedSettings().filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents every variable a service’s own schema reads', () => {
    expect(serviceSettings().filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents every variable the development scripts and the admin CLI read', () => {
    expect(scriptSettings()).toEqual(expect.arrayContaining(['CLUSTER_SERVICES', 'IMAGE_PORT', 'PRESSROOM_ADMIN_SOCKET_WAIT_MS']));
    expect(scriptSettings().filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents every variable the code reads outside the schemas (here, or on the page named for it)', () => {
    const reads = sourceReads();
    expect(reads).toEqual(expect.arrayContaining(['OTEL_SERVICE_NAME', 'PRESSROOM_URL', 'PRESSROOM_TRACE_MEMORY']));
    const undocumented = reads.filter((name) => {
      if (documented.has(name) || TEST_SWITCHES.includes(name)) return false;
      const page = DOCUMENTED_ELSEWHERE[name];
      return !page || !new RegExp(`\`${name}[\`=]`).test(readFileSync(join(root, page), 'utf8'));
    });
    expect(undocumented).toEqual([]);
    // No stale entry: each listed name is still read somewhere.
    expect([...Object.keys(DOCUMENTED_ELSEWHERE), ...TEST_SWITCHES].filter((name) => !reads.includes(name))).toEqual([]);
  });

  it('documents no PRESSROOM_ variable that nothing reads', () => {
    const read = new Set([...sharedSettings(), ...serviceSettings(), ...scriptSettings()]);
    expect([...documented].filter((name) => name.startsWith('PRESSROOM_') && !read.has(name))).toEqual([]);
  });

  it('gives the default each libs/config schema has: the documented value means what unset means, unset and empty are nothing', () => {
    const defaults = documentedDefaults();
    const checked: string[] = [];
    for (const [name, schema] of sharedSchemas()) {
      const cell = defaults.get(name);
      if (cell === undefined) continue; // prose (a default per service, the SDK's chain): read by a person
      const literal = /^`([^`]*)`$/.exec(cell)?.[1] ?? /^(\d+)(?: \([^)]*\))?$/.exec(cell)?.[1];
      if (literal !== undefined) {
        expect({ name, default: parsed(schema, literal) }).toEqual({ name, default: parsed(schema, undefined) });
        checked.push(name);
      } else if (/^\((unset|empty)\b/.test(cell)) {
        expect({ name, unsetIsNothing: isEmpty(parsed(schema, undefined)) }).toEqual({ name, unsetIsNothing: true });
        checked.push(name);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'PRESSROOM_BATCH_RETENTION',
        'PRESSROOM_S3_TIMEOUT_MS',
        'PRESSROOM_SMTP_FROM',
        'NATS_URL',
        'PRESSROOM_RENDER_RETENTION',
      ]),
    );
    expect(checked.length).toBeGreaterThan(35);
  });

  it('gives each service’s PORT default as its schema has it', () => {
    for (const [service, port] of Object.entries({ image: 8081, dispatcher: 8082, scheduler: 8083, gif: 8084, pdf: 8085, video: 8086 })) {
      expect(readFileSync(join(root, 'services', service, 'src/config.ts'), 'utf8')).toContain(`portEnv(${port})`);
      expect(documentation).toContain(`${service} **${port}**`);
    }
  });
});
