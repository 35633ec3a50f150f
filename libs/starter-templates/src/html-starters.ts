import { v, type StarterBase } from './starter-base.js';

/**
 * The HTML starters: the same kind of design as the canvas ones, written as HTML and CSS for developers who keep
 * templates as code. Each shows one part of the template language a canvas starter cannot (docs/templates.md): an
 * element shown only when a variable is set (`_if`), a list repeated from one text (`_for` over `split`), functions
 * in placeholders (`uppercase`, `currency`). Fonts are the renderer's (DejaVu Sans, as the canvas starters use).
 */
export interface HtmlStarter extends StarterBase {
  html: string;
}

/** The page box every HTML starter starts from: the template's size, no margin, the renderer's sans-serif. */
const BASE_CSS = `*{box-sizing:border-box}html,body{margin:0}body{font-family:'DejaVu Sans',sans-serif;color:#111827}`;

export const HTML_STARTERS: HtmlStarter[] = [
  {
    key: 'html-article-card',
    name: 'Article card (HTML)',
    category: 'social',
    description: 'Link preview in HTML and CSS; the topic shows only when set.',
    width: 1200,
    height: 630,
    variableDefinitions: [
      v('title', 'Rendering a million cards a day on two cores'),
      v('topic', 'Engineering'),
      v('author', 'Ada Lovelace'),
      v('minutes', '6', 'number'),
      v('accent', '#4f46e5', 'color'),
    ],
    html: `<style>${BASE_CSS}
.card{width:1200px;height:630px;padding:72px 80px;display:flex;flex-direction:column;justify-content:space-between;background:linear-gradient(135deg,#ffffff 55%,#eef2ff);border-left:24px solid {{ accent }}}
.topic{margin:0;font-size:28px;font-weight:bold;letter-spacing:4px;color:{{ accent }}}
h1{margin:0;font-size:68px;line-height:1.15}
.byline{margin:0;font-size:30px;color:#6b7280}
</style>
<div class="card">
  <p class="topic" _if="topic">{{ uppercase(topic) }}</p>
  <h1>{{ title }}</h1>
  <p class="byline">{{ author }} · {{ minutes }} min read</p>
</div>`,
  },
  {
    key: 'html-receipt',
    name: 'Receipt (HTML)',
    category: 'commerce',
    description: 'Order receipt: one line per item, the total as money, a paid stamp.',
    width: 800,
    height: 900,
    variableDefinitions: [
      v('shop', 'Trailhead Outfitters'),
      v('order', 'Order 1042'),
      v('items', 'Trail Runner 2; Merino socks ×2; Water bottle'),
      v('total', '168.5', 'number'),
      v('currencyCode', 'EUR'),
      v('paid', 'true', 'boolean'),
    ],
    html: `<style>${BASE_CSS}
.receipt{position:relative;width:800px;height:900px;padding:72px;background:#ffffff}
h1{margin:0 0 8px;font-size:48px}
.order{margin:0 0 48px;font-size:26px;color:#6b7280}
ul{margin:0;padding:0;list-style:none;border-top:3px solid #111827}
li{padding:22px 0;font-size:30px;border-bottom:1px solid #e5e7eb}
.total{margin-top:40px;text-align:right;font-size:44px;font-weight:bold}
.stamp{position:absolute;left:72px;bottom:96px;padding:10px 24px;border:5px solid #059669;border-radius:12px;color:#059669;font-size:40px;font-weight:bold;transform:rotate(-8deg)}
</style>
<div class="receipt">
  <div class="stamp" _if="paid">PAID</div>
  <h1>{{ shop }}</h1>
  <p class="order">{{ order }}</p>
  <ul>
    <li _for="item in split(items, ';')">{{ trim(item) }}</li>
  </ul>
  <p class="total">Total {{ currency(total, currencyCode, 'en-GB') }}</p>
</div>`,
  },
  {
    key: 'html-release-notes',
    name: 'Release notes (HTML)',
    category: 'social',
    description: 'A version and what it brings, one line per highlight.',
    width: 1200,
    height: 675,
    variableDefinitions: [
      v('product', 'Pressroom'),
      v('version', '2.4'),
      v('highlights', 'Templates keep their versions; PDFs twice as fast; Signed links for every template'),
      v('background', '#0f172a', 'color'),
      v('accent', '#38bdf8', 'color'),
    ],
    html: `<style>${BASE_CSS}
.notes{width:1200px;height:675px;padding:72px 88px;display:flex;flex-direction:column;justify-content:center;background:{{ background }};color:#f8fafc}
h1{margin:0;font-size:72px}
.version{color:{{ accent }}}
ul{margin:48px 0 0;padding:0;list-style:none}
li{margin:0 0 30px;padding-left:52px;position:relative;font-size:44px}
li::before{content:'';position:absolute;left:0;top:17px;width:20px;height:20px;border-radius:50%;background:{{ accent }}}
</style>
<div class="notes">
  <h1>{{ product }} <span class="version">{{ version }}</span></h1>
  <ul>
    <li _for="line in split(highlights, ';')">{{ trim(line) }}</li>
  </ul>
</div>`,
  },
];
