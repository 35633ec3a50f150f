import { getRenderById, listBatchItems, type BatchItemRow, type BatchRow, type Db } from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import type { ZipEntry } from '@pressroom/zip';
import { validationProblem } from '../http/validate.js';

/**
 * `0007.png`, or `0007-square.png` when the batch renders several layouts: row numbers from 1, padded so names sort.
 * With a `label` (a row's value, see labelOf) it follows the number: `0007-Jane-Doe.png`.
 */
export function batchEntryName(input: {
  rowIndex: number;
  totalRows: number;
  layout: string | null;
  extension: string;
  label?: string | null | undefined;
}): string {
  const width = Math.max(4, String(input.totalRows).length);
  const row = String(input.rowIndex + 1).padStart(width, '0');
  return `${row}${input.label ? `-${input.label}` : ''}${input.layout ? `-${input.layout}` : ''}.${input.extension}`;
}

/** Longest label kept, in UTF-8 bytes: room for the row number, layout and extension under every file system's 255. */
const LABEL_MAX_BYTES = 120;

/**
 * A row's value made safe as part of a file name on every system that unzips it:
 * no path separators or characters Windows refuses, no control characters, runs of
 * them and of spaces become one `-`. Empty (or not text or a number): no label.
 */
export function labelOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const label = String(value)
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|\s.]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  if (!label) return null;
  let kept = '';
  for (const char of label) {
    if (Buffer.byteLength(kept + char) > LABEL_MAX_BYTES) break;
    kept += char;
  }
  return kept.replace(/-+$/, '');
}

/**
 * The stored file of every completed item of a batch, in row order, read one
 * at a time (the archive streams while they are read). A file that has gone
 * (purged, or lost by its store) is left out rather than failing the archive.
 * `nameBy`: a variable whose value labels each file (rows without a value keep the
 * number alone); refused at `name` before anything streams when no row has it, as
 * a misspelt name would otherwise quietly give numbers only.
 */
export async function batchArchiveEntries(
  deps: { db: Db; storage: Storage },
  batch: BatchRow,
  options: { nameBy?: string | undefined } = {},
): Promise<AsyncGenerator<ZipEntry>> {
  const items = await listBatchItems(deps.db, batch.id, { states: ['completed'] });
  const nameBy = options.nameBy;
  if (nameBy !== undefined && items.length > 0 && !items.some((item) => Object.hasOwn(item.variables, nameBy))) {
    const known = [...new Set(items.flatMap((item) => Object.keys(item.variables)))].sort();
    throw validationProblem(
      [
        {
          field: 'name',
          message: `No row of this batch has a \`${nameBy}\` value${known.length ? `; its rows have ${known.map((k) => `\`${k}\``).join(', ')}` : ''}.`,
        },
      ],
      'query',
    );
  }
  return entriesOf(deps, batch, items, nameBy);
}

async function* entriesOf(
  deps: { db: Db; storage: Storage },
  batch: BatchRow,
  items: BatchItemRow[],
  nameBy: string | undefined,
): AsyncGenerator<ZipEntry> {
  for (const item of items) {
    if (!item.renderId) continue;
    const render = await getRenderById(deps.db, item.renderId);
    if (!render?.storageKey) continue;
    const stored = await deps.storage.get(render.storageKey);
    if (!stored) continue;
    const extension = render.storageKey.slice(render.storageKey.lastIndexOf('.') + 1);
    yield {
      name: batchEntryName({
        rowIndex: item.rowIndex,
        totalRows: batch.totalItems,
        layout: batch.layouts ? item.layout : null,
        extension,
        label: nameBy === undefined ? null : labelOf(item.variables[nameBy]),
      }),
      bytes: stored.bytes,
      modifiedAt: item.completedAt ?? render.completedAt ?? new Date(),
    };
  }
}
