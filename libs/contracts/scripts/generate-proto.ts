/**
 * Writes proto/<subject>.schema.json for every subject of the catalog, from
 * the zod schemas. `--check` exits 1 when proto/ differs from the schemas.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ALL_SUBJECTS, type AnySubject } from '../src/index.js';

const protoDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../proto');

function schemasOf(subject: AnySubject): Record<string, z.ZodType> {
  if (subject.kind === 'rpc') return { [`${subject.name}.request`]: subject.request, [`${subject.name}.response`]: subject.response };
  return { [subject.name]: subject.schema };
}

function describe(subject: AnySubject): Record<string, unknown> {
  switch (subject.kind) {
    case 'command':
      return {
        kind: 'command',
        subject: subject.subject,
        stream: subject.stream,
        durable: subject.durable,
        ackWaitMs: subject.ackWaitMs,
        maxDeliver: subject.maxDeliver,
      };
    case 'event':
      return {
        kind: 'event',
        subject: subject.subject,
        stream: subject.stream,
        ackWaitMs: subject.ackWaitMs,
        maxDeliver: subject.maxDeliver,
      };
    case 'notification':
      return { kind: 'notification', subject: `${subject.prefix}.<key>` };
    case 'rpc':
      return { kind: 'rpc', subject: subject.subject };
  }
}

export function renderProtoFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const subject of ALL_SUBJECTS) {
    for (const [name, schema] of Object.entries(schemasOf(subject))) {
      const json = { ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), title: name, 'x-pressroom': describe(subject) };
      files.set(`${name}.schema.json`, JSON.stringify(json, null, 2) + '\n');
    }
  }
  return files;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = renderProtoFiles();
  await mkdir(protoDir, { recursive: true });
  const existing = (await readdir(protoDir)).filter((f) => f.endsWith('.schema.json'));
  const drift: string[] = [];
  for (const [name, text] of files) {
    const path = join(protoDir, name);
    const current = await readFile(path, 'utf8').catch(() => null);
    if (current !== text) {
      drift.push(name);
      if (!check) await writeFile(path, text);
    }
  }
  for (const stale of existing.filter((f) => !files.has(f))) drift.push(`${stale} (no longer in the catalog)`);
  if (check && drift.length > 0) {
    console.error(`proto/ is out of date with libs/contracts: ${drift.join(', ')}. Run \`make proto\`.`);
    process.exit(1);
  }
  console.log(check ? 'proto/ matches libs/contracts' : `proto/: ${files.size} schemas written`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await main();
}
