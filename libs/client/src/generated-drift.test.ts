import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderGeneratedFiles } from '../scripts/generate-types.js';

describe('the SDK types', () => {
  it('are exactly what libs/client/scripts/generate-types.ts makes from the OpenAPI document (run `make sdk`)', async () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), 'generated');
    for (const [name, text] of await renderGeneratedFiles()) expect(await readFile(join(dir, name), 'utf8')).toBe(text);
  });
});
