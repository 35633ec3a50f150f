import { CanvasImageRequest } from './canvas.js';
import { TemplatePreviewRequest } from './dashboard.js';
import { DESIGN_LIMITS, countDesignObjects, designLimitViolations } from './design-limits.js';
import { TemplateCreate, TemplateUpdate } from './template.js';

const rect = { type: 'Rect', width: 1, height: 1 };
const manyObjects = (n: number) => ({ objects: Array.from({ length: n }, () => rect) });
/** One design of about `bytes` bytes of JSON. */
const heavy = (bytes: number) => ({ objects: [{ type: 'Textbox', text: 'x'.repeat(bytes) }] });

function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return (result.error?.issues ?? []).map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
}

describe('design limits', () => {
  it('counts objects in groups and clip paths', () => {
    const design = {
      objects: [{ type: 'Group', objects: [rect, rect], clipPath: { type: 'Rect' } }, rect],
    };
    expect(countDesignObjects(design)).toBe(5);
  });

  it('stops counting soon after the limit, whatever the size', () => {
    expect(countDesignObjects(manyObjects(100_000), 10)).toBeLessThan(100_000 + 1);
    expect(designLimitViolations(manyObjects(DESIGN_LIMITS.objects))).toEqual([]);
  });

  it('measures UTF-8 bytes, not UTF-16 units', () => {
    // 2 MiB of 3-byte characters is 6 MiB of UTF-8: over the limit although its .length is under it.
    const cjk = { objects: [{ type: 'Text', text: '字'.repeat(2 * 1024 * 1024) }] };
    expect(designLimitViolations(cjk)[0]!.message).toMatch(/at most 5\.0 MB/);
  });

  it('refuses 100,000 objects on create, update, /image/canvas and preview, naming the field and the limit', () => {
    const design = manyObjects(100_000);
    const message = `The design has more than ${DESIGN_LIMITS.objects} objects (children of groups and clip paths count); at most ${DESIGN_LIMITS.objects} are accepted.`;
    expect(issues(TemplateCreate.safeParse({ name: 'n', fabricJSData: design }))).toEqual([{ field: 'fabricJSData.objects', message }]);
    expect(issues(TemplateUpdate.safeParse({ fabricJSData: design }))).toEqual([{ field: 'fabricJSData.objects', message }]);
    expect(issues(CanvasImageRequest.safeParse({ fabricJSData: design }))).toEqual([{ field: 'fabricJSData.objects', message }]);
    expect(issues(TemplatePreviewRequest.safeParse({ canvas: design }))).toEqual([{ field: 'canvas.objects', message }]);
  });

  it("checks each layout's and each page's design too", () => {
    const big = heavy(DESIGN_LIMITS.bytes + 10);
    const layouts = issues(TemplateUpdate.safeParse({ layouts: { square: { fabricJSData: big } } }));
    expect(layouts.map((i) => i.field)).toEqual(['layouts.square.fabricJSData']);
    expect(layouts[0]!.message).toMatch(/^The design is 5\.0 MB of JSON; at most 5\.0 MB \(5242880 bytes\)/);
    const pages = issues(TemplateUpdate.safeParse({ pages: [{ pageNumber: 1, fabricJSData: manyObjects(DESIGN_LIMITS.objects + 1) }] }));
    expect(pages.map((i) => i.field)).toEqual(['pages.0.fabricJSData.objects']);
  });

  it('lets a design at the limits through', () => {
    expect(TemplateCreate.safeParse({ name: 'n', fabricJSData: heavy(DESIGN_LIMITS.bytes - 100) }).success).toBe(true);
  });
});
