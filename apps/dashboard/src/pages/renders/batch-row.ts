/**
 * Which batch row made a render, as its page says it: "Row 2 of batch bat_…" (rows count from 1, as the batch's
 * results do; the API's `index` counts from 0), with the layout when the batch rendered several.
 */
export function batchRowText(batch: { id: string; index: number; layout?: string | undefined }): string {
  return `Row ${batch.index + 1}${batch.layout ? ` (${batch.layout})` : ''} of batch ${batch.id}`;
}
