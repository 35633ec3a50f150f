/** An invoice of `pages` A4 pages (25 line items each, a page break after each block). */
export function invoiceHtml(number: string, pages: number): string {
  const block = (p: number) =>
    `<section${p < pages - 1 ? ' style="break-after:page"' : ''}><table>${Array.from({ length: 25 }, (_, i) => `<tr><td>Item ${p * 25 + i + 1}: consulting, design and rendering services</td><td class="n">${((p * 25 + i + 1) * 12.5).toFixed(2)} EUR</td></tr>`).join('')}</table></section>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Invoice ${number}</title><style>
  body { font: 13px/1.5 sans-serif; margin: 40px; color: #111; }
  header { display: flex; justify-content: space-between; background: #1e40af; color: #fff; padding: 20px 24px; border-radius: 8px; margin-bottom: 24px; }
  h1 { margin: 0; font-size: 26px; } table { width: 100%; border-collapse: collapse; }
  td { padding: 6px 8px; border-bottom: 1px solid #e5e7eb; } .n { text-align: right; white-space: nowrap; }
</style></head><body><header><h1>Invoice ${number}</h1><div>Pressroom Ltd<br>Due in 30 days</div></header>
${Array.from({ length: pages }, (_, p) => block(p)).join('\n')}</body></html>`;
}
