/** The benchmark's 1200×630 card: text, a gradient, inline SVG and a web font served over HTTP. */
export function cardHtml(options: { fontUrl: string; title: string }): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: 'Card Sans'; src: url('${options.fontUrl}') format('truetype'); font-weight: 700; }
html, body { margin: 0; width: 1200px; height: 630px; }
body { background: linear-gradient(135deg, #1e3a8a 0%, #7c3aed 55%, #db2777 100%); color: #fff; font-family: 'Card Sans', sans-serif; }
.wrap { padding: 72px; display: flex; flex-direction: column; height: 486px; justify-content: space-between; }
h1 { font-size: 68px; line-height: 1.1; margin: 0; font-weight: 700; max-width: 900px; }
p { font-size: 30px; margin: 0; opacity: .85; }
svg { position: absolute; right: 72px; top: 72px; }
</style></head><body><div class="wrap">
<h1>${options.title}</h1><p>pressroom.dev · rendered on demand</p></div>
<svg width="160" height="160" viewBox="0 0 100 100"><circle cx="50" cy="50" r="46" fill="none" stroke="#fff" stroke-width="6"/>
<path d="M30 52 L45 66 L72 36" fill="none" stroke="#fde047" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/></svg>
</body></html>`;
}
