/**
 * Each benchmark owns one section of docs/benchmarks.md (between
 * `<!-- bench:<key> -->` markers) and one key of bench/results.json, so the
 * image, GIF and PDF benchmarks can run alone or one after another without
 * clobbering each other.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const HEADER =
  '# Benchmarks\n\nWritten by `make bench` (bench/src/*-bench.ts, one section each); machine-readable copy in `bench/results.json`.\n';

export function replaceSection(document: string, key: string, markdown: string): string {
  const open = `<!-- bench:${key} -->`;
  const close = `<!-- /bench:${key} -->`;
  const block = `${open}\n${markdown.trim()}\n${close}`;
  const start = document.indexOf(open);
  const end = document.indexOf(close);
  if (start >= 0 && end > start) return document.slice(0, start) + block + document.slice(end + close.length);
  return `${document.trimEnd()}\n\n${block}\n`;
}

export async function writeBenchSection(options: { key: string; markdown: string; results: unknown }): Promise<void> {
  const resultsPath = join(ROOT, 'bench/results.json');
  const results = JSON.parse(await readFile(resultsPath, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  results[options.key] = options.results;
  await writeFile(resultsPath, JSON.stringify(results, null, 2) + '\n');

  const docPath = join(ROOT, 'docs/benchmarks.md');
  const document = await readFile(docPath, 'utf8').catch(() => HEADER);
  await writeFile(docPath, replaceSection(document, options.key, options.markdown).trimEnd() + '\n');
}
