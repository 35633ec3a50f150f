import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_SUBJECTS, CATALOG, assertHandlers } from './index.js';
import { renderProtoFiles } from '../scripts/generate-proto.js';

const protoDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../proto');

describe('proto/ and the subject catalog', () => {
  it('holds exactly the JSON Schemas generated from libs/contracts', async () => {
    const expected = renderProtoFiles();
    const present = (await readdir(protoDir)).filter((f) => f.endsWith('.schema.json')).sort();
    expect(present).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) expect(await readFile(join(protoDir, name), 'utf8')).toBe(text);
  });

  it('describes every subject with its delivery settings', () => {
    const schema = JSON.parse(renderProtoFiles().get('render.image.schema.json')!) as Record<string, any>;
    expect(schema['x-pressroom']).toMatchObject({ kind: 'command', stream: 'RENDER', maxDeliver: CATALOG.renderImage.maxDeliver });
    expect(schema.required).toEqual(expect.arrayContaining(['renderId', 'source', 'output']));
  });

  it('keeps request/reply and notification subjects out of every stream', () => {
    const streamed = ALL_SUBJECTS.flatMap((s) => (s.kind === 'command' || s.kind === 'event' ? [s.subject] : []));
    for (const subject of ALL_SUBJECTS) {
      if (subject.kind === 'notification') expect(streamed.some((s) => s.startsWith(`${subject.prefix}.`))).toBe(false);
    }
    expect(streamed.filter((s) => s.startsWith('events.'))).toEqual([
      CATALOG.renderCompleted.subject,
      CATALOG.renderFailed.subject,
      CATALOG.batchCompleted.subject,
      CATALOG.bindingUpdated.subject,
      CATALOG.bindingFailed.subject,
    ]);
  });

  it('refuses a service whose handler map misses a subject', () => {
    expect(() => assertHandlers('image', [CATALOG.renderImage], {})).toThrow(/no handler for subject\(s\) render\.image/);
    expect(() => assertHandlers('image', [CATALOG.renderImage], { 'render.image': async () => {} })).not.toThrow();
  });
});
