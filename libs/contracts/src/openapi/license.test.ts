import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from './document.js';

const root = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

describe('the licence', () => {
  it('is the same in LICENSE, the root package, the SDK and the OpenAPI document (docs/adr/0059)', () => {
    const info = (buildOpenApiDocument() as { info: { license: { name: string; identifier: string } } }).info;
    const declared = (path: string) => (JSON.parse(readFileSync(root(path), 'utf8')) as { license?: string }).license;
    expect(readFileSync(root('LICENSE'), 'utf8').split('\n')[0]).toBe(`${info.license.identifier} License`);
    expect(declared('package.json')).toBe(info.license.identifier);
    expect(declared('libs/client/package.json')).toBe(info.license.identifier);
    expect(info.license.name).toBe('MIT');
  });
});
