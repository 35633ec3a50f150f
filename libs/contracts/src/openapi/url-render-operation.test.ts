import { buildOpenApiDocument } from './document.js';

type Json = Record<string, any>;

describe('GET /r/{file} in the API document', () => {
  const document: Json = buildOpenApiDocument();
  const operation: Json = document.paths['/r/{file}'].get;

  it('takes a key in `token` or the header, or a signature, as alternatives', () => {
    expect(operation.security).toEqual([{ apiKeyQuery: [] }, { apiKey: [] }, { signedUrl: [] }]);
    expect(document.components.securitySchemes.apiKeyQuery).toMatchObject({ type: 'apiKey', in: 'query', name: 'token' });
    expect(document.components.securitySchemes.signedUrl).toMatchObject({ type: 'apiKey', in: 'query', name: 's' });
    expect(operation.summary).not.toMatch(/sig=/);
  });

  it('describes every query parameter the route reads, and the variables as free-form parameters', () => {
    const query = (operation.parameters as Json[]).filter((p) => p.in === 'query');
    expect(query.map((p) => p.name)).toEqual(['token', 'quality', 'layout', 'sid', 'exp', 's', 'variables']);
    for (const parameter of query) expect(parameter.description.length).toBeGreaterThan(20);
    expect(query.find((p) => p.name === 'quality')!.schema).toMatchObject({ minimum: 0, maximum: 1, default: 0.9 });
    expect(query.find((p) => p.name === 's')!.schema.pattern).toBe('^[0-9a-f]{64}$');
    expect(query.find((p) => p.name === 'variables')).toMatchObject({
      style: 'form',
      explode: true,
      schema: { type: 'object', additionalProperties: { type: 'string' } },
    });
  });

  it('declares the statuses the route answers: the image (or the failure pixel), 304, and 403 for a signature', () => {
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '304', '403', '503']);
    expect(operation.responses['403']['x-problem-slugs']).toEqual(['invalid-signature', 'signature-expired', 'signed-render-cap']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(operation.responses['200'].headers).toHaveProperty('X-Pressroom-Error');
    expect(operation.responses['200'].headers).toHaveProperty('X-RateLimit-Remaining');
    // Key, template, query and render failures are the transparent pixel, named by the header: said in the description.
    expect(operation.description).toMatch(/transparent 1×1 PNG/);
    expect(operation.description).toMatch(/`invalid-api-key`.*`template-not-found`.*`validation-error`/);
  });
});
