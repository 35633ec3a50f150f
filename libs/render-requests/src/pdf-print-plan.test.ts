import { isProblemError } from '@pressroom/problem';
import { templateDocuments } from './pdf-documents.js';
import { canvasPaper, planPdfPrint, requestNamesPaper } from './pdf-print-plan.js';
import { canvasDocument, templateRow } from './template-fixture.js';

// A 200×100 px design (wider than tall) whose template names A4.
const canvasTemplate = (pdfPreset: string | null) =>
  templateRow({ html: null, fabricJSData: canvasDocument(), width: 200, height: 100, pdfPreset });
const pagesOf = (pdfPreset: string | null) => templateDocuments(canvasTemplate(pdfPreset), [{ title: 'x' }]);

describe('planPdfPrint', () => {
  it('puts canvas pages on the paper the request names, as asked, over the template’s pdfPreset and the design', () => {
    const template = canvasTemplate('A4');
    // Letter turned landscape under `options` (the template's A4 would have been turned to the design as well).
    const letter = planPdfPrint({ options: { landscape: true }, nested: { preset: 'Letter' } }, template, pagesOf('A4'));
    expect(letter.documents[0]).toMatchObject({ kind: 'canvas', width: 200, height: 100, paper: { widthPt: 792, heightPt: 612 } });
    expect(letter.settings.page).toEqual({ preset: 'Letter', widthPt: 792, heightPt: 612, landscape: true });
    // Portrait A5, though the design is wider than tall: the request's paper is not turned.
    const a5 = planPdfPrint({ options: { preset: 'A5' } }, template, pagesOf('A4'));
    expect(a5.documents[0]).toMatchObject({ paper: { widthPt: 419.53, heightPt: 595.28 } });
    // A size in points (a template's PDF render turns its width and height in pixels into one).
    const custom = planPdfPrint({ options: { width: 300, height: 150 } }, template, pagesOf('A4'));
    expect(custom.documents[0]).toMatchObject({ paper: { widthPt: 300, heightPt: 150 } });
    expect(custom.settings.page).toMatchObject({ preset: 'custom', widthPt: 300, heightPt: 150 });
    // Landscape alone names a paper too: the template's A4, turned as asked.
    const turned = planPdfPrint({ options: { landscape: true } }, canvasTemplate('A4'), pagesOf('A4'));
    expect(turned.documents[0]).toMatchObject({ paper: { widthPt: 841.89, heightPt: 595.28 } });
  });

  it('puts canvas pages on the template’s pdfPreset, turned to the design, when the request names no paper', () => {
    const wide = planPdfPrint({ options: {} }, canvasTemplate('A4'), pagesOf('A4'));
    expect(wide.documents[0]).toMatchObject({ kind: 'canvas', width: 200, height: 100, paper: { widthPt: 841.89, heightPt: 595.28 } });
    // The print settings keep the template's preset as it is (HTML pages print on it).
    expect(wide.settings.page).toEqual({ preset: 'A4', widthPt: 595.28, heightPt: 841.89, landscape: false });
    // Margins or a title alone name no paper.
    const titled = planPdfPrint({ options: { title: 'T', margins: { top: '1cm' } } }, canvasTemplate('Letter'), pagesOf('Letter'));
    expect(titled.documents[0]).toMatchObject({ paper: { widthPt: 792, heightPt: 612 } });
    // A portrait design goes on portrait paper; the preset's case does not matter.
    expect(canvasPaper('a4', { width: 1240, height: 1754 })).toEqual({ widthPt: 595.28, heightPt: 841.89 });
  });

  it('prints a canvas page at its own size without a paper in the request or the template', () => {
    const plan = planPdfPrint({ options: {} }, canvasTemplate(null), pagesOf(null));
    expect(plan.documents[0]).not.toHaveProperty('paper');
    expect(plan.documents[0]).toMatchObject({ kind: 'canvas', width: 200, height: 100 });
    expect(canvasPaper('custom', { width: 10, height: 10 })).toBeUndefined();
  });

  it('leaves HTML and URL pages on the print settings’ page', () => {
    const html = { kind: 'html' as const, html: '<p>x</p>', jsEnabled: true };
    const url = { kind: 'url' as const, url: 'https://example.com/' };
    const letter = planPdfPrint({ options: { preset: 'Letter', landscape: true } }, null, [html, url]);
    expect(letter.documents).toEqual([html, url]);
    expect(letter.settings.page).toEqual({ preset: 'Letter', widthPt: 792, heightPt: 612, landscape: true });
    // An HTML template's pdfPreset is the page when the request names none.
    const template = templateRow({ pdfPreset: 'Legal' });
    const legal = planPdfPrint({ options: {} }, template, templateDocuments(template, [{ title: 'x' }]));
    expect(legal.documents[0]).toMatchObject({ kind: 'html' });
    expect(legal.documents[0]).not.toHaveProperty('paper');
    expect(legal.settings.page).toMatchObject({ preset: 'Legal', widthPt: 612, heightPt: 1008 });
  });

  it('refuses a template’s unknown pdfPreset unless the request names a paper', () => {
    const refused = (() => {
      try {
        planPdfPrint({ options: {} }, canvasTemplate('B9'), pagesOf(null));
      } catch (error) {
        return error;
      }
    })();
    expect(isProblemError(refused) && refused.errors).toEqual([
      { field: 'options.preset', message: 'The template names an unknown preset.' },
    ]);
    expect(planPdfPrint({ options: { preset: 'A3' } }, canvasTemplate('B9'), pagesOf(null)).settings.page.preset).toBe('A3');
  });
});

describe('requestNamesPaper', () => {
  it('sees a preset, a size or a turn at the top level or under options, and nothing else', () => {
    expect(requestNamesPaper({ options: {}, nested: { preset: 'Letter' } })).toBe(true);
    expect(requestNamesPaper({ options: { landscape: false } })).toBe(true);
    expect(requestNamesPaper({ options: { customSize: { width: 10, height: 10 } } })).toBe(true);
    expect(requestNamesPaper({ options: { title: 'T', printBackground: false }, nested: { margins: { top: '1cm' } } })).toBe(false);
  });
});
