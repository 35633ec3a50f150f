/**
 * Which batch row made a render, as its page says it: "Row 2 of batch bat_…" (rows count from 1, as the batch's
 * results do; the API's `index` counts from 0), with the size when the batch rendered several, named as the batch's
 * page names it (`sizeName`: batches/layout-choices.ts layoutName; the layout's key until the template is known).
 */
export function batchRowText(
  batch: { id: string; index: number; layout?: string | undefined },
  sizeName: (layout: string) => string = (layout) => layout,
): string {
  return `Row ${batch.index + 1}${batch.layout ? ` (${sizeName(batch.layout)})` : ''} of batch ${batch.id}`;
}
