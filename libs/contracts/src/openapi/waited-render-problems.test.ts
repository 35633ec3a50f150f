import { buildOpenApiDocument, problemsOf } from './document.js';
import { OPERATIONS } from './registry.js';

type Json = Record<string, any>;

const document: Json = buildOpenApiDocument();
const responsesOf = (operationId: string): Json => {
  const operation = OPERATIONS.find((candidate) => candidate.operationId === operationId)!;
  return document.paths[operation.path][operation.method].responses;
};

describe('operations that wait for a render, in the API document', () => {
  it('declare the 500 problems a waited render can end with, beside the 422 of a page that cannot render', () => {
    const image = responsesOf('renderImage');
    expect(image['500']['x-problem-slugs']).toEqual(['render-failed', 'render-crashed']);
    expect(image['500'].content['application/problem+json'].examples['render-crashed'].value).toMatchObject({
      type: '/errors/render-crashed',
      status: 500,
    });
    const failed500 = image['500'].content['application/problem+json'].examples['render-failed'].value;
    const failed422 = image['422'].content['application/problem+json'].examples['render-failed'].value;
    expect(failed500).toMatchObject({ status: 500, detail: expect.stringContaining('internal error') });
    // The 422 keeps the slug's own description (the page could not render), not the 500's.
    expect(failed422.status).toBe(422);
    expect(failed422.detail).not.toBe(failed500.detail);
    expect(image['422']['x-problem-slugs']).toEqual(expect.arrayContaining(['render-failed', 'render-timeout']));
  });

  it('declare them on every operation that renders (each that can end with render-timeout), and on no other', () => {
    const renders = OPERATIONS.filter((operation) => problemsOf(operation).some(([slug]) => slug === 'render-timeout'));
    expect(renders.map((operation) => operation.operationId).sort()).toEqual(
      [
        'agentScreenshot',
        'captureGif',
        'previewTemplate',
        'previewVideoFrame',
        'renderCanvas',
        'renderGif',
        'renderImage',
        'renderMultiPagePdf',
        'renderOgImage',
        'renderPdf',
        'renderTemplate',
        'renderTemplateSizes',
        'renderVideo',
      ].sort(),
    );
    for (const operation of OPERATIONS) {
      const declared = responsesOf(operation.operationId)['500']?.['x-problem-slugs'] ?? [];
      const expected = renders.includes(operation) ? ['render-failed', 'render-crashed'] : [];
      expect([operation.operationId, declared.filter((slug: string) => slug.startsWith('render-'))]).toEqual([
        operation.operationId,
        expected,
      ]);
    }
  });

  it('keep an overridden common problem at its own status only (video answers used-up credits with 402)', () => {
    const video = responsesOf('renderVideo');
    expect(video['402']['x-problem-slugs']).toContain('quota-exceeded');
    expect(video['429']['x-problem-slugs']).not.toContain('quota-exceeded');
    expect(video['500']['x-problem-slugs']).toEqual(['render-failed', 'render-crashed']);
  });
});
