import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { Pressroom } from '../client.js';
import { PressroomApiError, PressroomError, PressroomNetworkError, PressroomRenderError, PressroomTimeoutError } from '../errors.js';
import { parseCsv } from './csv.js';
import { progressBar } from './progress.js';

type Flags = Record<string, string | string[] | boolean | undefined>;
interface Io {
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WriteStream;
}

/** A mistake in the command line: exit code 2. */
class UsageError extends Error {}

const text = (flags: Flags, name: string) => (typeof flags[name] === 'string' ? flags[name] : undefined);
const number = (flags: Flags, name: string) => {
  const value = text(flags, name);
  if (value === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(value)) throw new UsageError(`--${name} must be a number; got ${JSON.stringify(value)}.`);
  return Number(value);
};

function variables(flags: Flags): Record<string, string> {
  const list = flags.var === undefined ? [] : Array.isArray(flags.var) ? flags.var : [String(flags.var)];
  return Object.fromEntries(
    list.map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new UsageError(`--var takes name=value; got ${JSON.stringify(pair)}.`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** The source of a render: one of a local HTML file, --url or --template. */
async function source(
  args: string[],
  flags: Flags,
): Promise<{ html?: string; url?: string; template?: string; variables?: Record<string, string> }> {
  const file = args[0];
  const given = [file, text(flags, 'url'), text(flags, 'template')].filter((v) => v !== undefined);
  if (given.length !== 1) throw new UsageError('Give exactly one of: an HTML file, --url <address> or --template <uid>.');
  if (file) return { html: await readFile(file, 'utf8').catch(() => Promise.reject(new UsageError(`Cannot read ${file}.`))) };
  if (text(flags, 'url')) return { url: text(flags, 'url') };
  return { template: text(flags, 'template'), variables: variables(flags) };
}

function outputPath(flags: Flags, args: string[], extension: string): string {
  const output = text(flags, 'output');
  if (output) return output;
  const file = args[0];
  return file ? `${basename(file, extname(file))}.${extension}` : `render.${extension}`;
}

async function save(client: Pressroom, url: string, path: string, io: Io, flags: Flags, result: unknown): Promise<void> {
  const { bytes } = await client.download(url);
  await writeFile(path, bytes);
  io.stdout.write(
    flags.json ? `${JSON.stringify({ ...(result as object), file: path })}\n` : `${path} (${bytes.byteLength} bytes) ${url}\n`,
  );
}

async function run(args: string[], flags: Flags, io: Io): Promise<void> {
  const [command, ...rest] = args;
  if (!io.env.PRESSROOM_API_KEY) throw new UsageError('Set PRESSROOM_API_KEY to an API key (make key, or the dashboard).');
  const client = new Pressroom({ apiKey: io.env.PRESSROOM_API_KEY, baseUrl: io.env.PRESSROOM_URL || 'http://localhost:8080' });
  switch (command) {
    case 'render': {
      const format = text(flags, 'format') ?? extname(text(flags, 'output') ?? '').slice(1) ?? 'png';
      const fileExtension = (['png', 'jpg', 'jpeg', 'webp'].includes(format) ? format : 'png') as 'png';
      const body = {
        ...(await source(rest, flags)),
        width: number(flags, 'width'),
        height: number(flags, 'height'),
        fileExtension,
        quality: number(flags, 'quality'),
      };
      const result = await client.renderImage(body);
      await save(client, result.url, outputPath(flags, rest, fileExtension), io, flags, result);
      return;
    }
    case 'gif': {
      const body = { ...(await source(rest, flags)), width: number(flags, 'width') ?? 600, height: number(flags, 'height') ?? 400 };
      const result = await client.renderGif(body);
      await save(client, result.url, outputPath(flags, rest, 'gif'), io, flags, result);
      return;
    }
    case 'pdf': {
      const preset = text(flags, 'preset');
      const body = { ...(await source(rest, flags)), ...(preset ? { options: { preset: preset as 'A4' } } : {}) };
      const result = await client.renderPdf(body);
      await save(client, result.url, outputPath(flags, rest, 'pdf'), io, flags, result);
      return;
    }
    case 'batch':
      return batch(client, rest, flags, io);
    case 'templates':
      return templates(client, rest, flags, io);
    default:
      throw new UsageError(`Unknown command ${JSON.stringify(command)}: render, gif, pdf, batch or templates (pressroom --help).`);
  }
}

async function batch(client: Pressroom, [uid, csvFile]: string[], flags: Flags, io: Io): Promise<void> {
  const out = text(flags, 'out') ?? text(flags, 'output');
  if (!uid || !csvFile || !out) throw new UsageError('Usage: pressroom batch <template uid> rows.csv --out dir/');
  const csv = await readFile(csvFile, 'utf8').catch(() => Promise.reject(new UsageError(`Cannot read ${csvFile}.`)));
  const variableSets = parseCsv(csv);
  if (variableSets.length === 0) throw new UsageError(`${csvFile} has a header row but no data rows.`);
  const started = await client.api.startBatch({ path: { uid }, body: { variableSets } });
  const bar = progressBar(io.stderr);
  const finished = await client.waitForBatch(started.batchId, {
    onProgress: (b) => bar.update(b.completedItems + b.failedItems, b.totalItems, b.failedItems),
  });
  bar.end();
  await mkdir(out, { recursive: true });
  let saved = 0;
  for (const item of finished.results) {
    if (!item.success || !item.url) {
      io.stderr.write(`row ${item.index + 1}: ${item.errorCode ?? 'failed'}: ${item.error ?? ''}\n`);
      continue;
    }
    const { bytes } = await client.download(item.url);
    await writeFile(join(out, `${String(item.index + 1).padStart(4, '0')}${extname(new URL(item.url).pathname) || '.png'}`), bytes);
    saved++;
  }
  io.stdout.write(`${saved} of ${finished.totalItems} files in ${out} (batch ${finished.batchId}, ${finished.status})\n`);
  if (saved < finished.totalItems) process.exitCode = 4;
}

async function templates(client: Pressroom, [action, arg]: string[], flags: Flags, io: Io): Promise<void> {
  const print = (value: unknown) => io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  if (action === 'list') {
    const { templates: list } = await client.api.listTemplates({ query: { limit: 100 } });
    if (flags.json) return void print(list);
    for (const t of list) io.stdout.write(`${t.uid}\t${t.name}\t${t.width}x${t.height}\t${t.outputFormat}\n`);
    return;
  }
  if (action === 'get') {
    if (!arg) throw new UsageError('Usage: pressroom templates get <uid>');
    return void print((await client.api.getTemplate({ path: { uid: arg } })).template);
  }
  if (action === 'push') {
    if (!arg) throw new UsageError('Usage: pressroom templates push file.html [--name N] [--uid U]');
    const html = await readFile(arg, 'utf8').catch(() => Promise.reject(new UsageError(`Cannot read ${arg}.`)));
    const uid = text(flags, 'uid');
    const fields = { html, width: number(flags, 'width'), height: number(flags, 'height') };
    const { template } = uid
      ? await client.api.updateTemplate({
          path: { uid },
          body: { ...fields, ...(text(flags, 'name') ? { name: text(flags, 'name') } : {}) },
        })
      : await client.api.createTemplate({ body: { ...fields, name: text(flags, 'name') ?? basename(arg, extname(arg)) } });
    io.stdout.write(flags.json ? `${JSON.stringify(template)}\n` : `${template.uid}\t${template.name}\n`);
    return;
  }
  throw new UsageError('Usage: pressroom templates list | get <uid> | push file.html');
}

/** Runs one command line; returns the exit code (problems are explained on stderr). */
export async function runCli(args: string[], flags: Flags, io: Io): Promise<number> {
  try {
    await run(args, flags, io);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`pressroom: ${error.message}\n`);
      return 2;
    }
    if (error instanceof PressroomApiError) {
      io.stderr.write(`pressroom: ${error.title} (${error.status} ${error.slug}): ${error.detail}\n`);
      for (const field of error.errors) io.stderr.write(`  ${field.field}: ${field.message}\n`);
      if (error.retryAfter !== undefined) io.stderr.write(`  retry after ${error.retryAfter} s\n`);
      return 1;
    }
    if (error instanceof PressroomNetworkError) {
      io.stderr.write(`pressroom: ${error.message}\n`);
      return 3;
    }
    if (error instanceof PressroomRenderError || error instanceof PressroomTimeoutError || error instanceof PressroomError) {
      io.stderr.write(`pressroom: ${error.message}\n`);
      return 4;
    }
    throw error;
  }
}
