import type { PdfPaperPreset } from '@pressroom/contracts';
import { HTML_STARTERS, type HtmlStarter } from './html-starters.js';
import { canvas, circle, frame, rect, text } from './shapes.js';
import { v, type StarterBase } from './starter-base.js';

/** A canvas starter: FabricJS data, edited in the canvas editor. */
export interface CanvasStarter extends StarterBase {
  fabricJSData: Record<string, unknown>;
  /** The copy's `pdfPreset`: a canvas printed as PDF fills that paper (turned to the design's orientation). */
  pdfPreset?: PdfPaperPreset;
}

/** One design of the gallery, with the engine its copy is made with (`fabric` or `html`) and that engine's design. */
export type StarterTemplate = (CanvasStarter & { engine: 'fabric' }) | (HtmlStarter & { engine: 'html' });

const INK = '#111827';
const MUTED = '#6b7280';

/** The canvas starters (issue 15 item 3): designs with their texts and colours as variables. */
const CANVAS_STARTERS: CanvasStarter[] = [
  {
    key: 'og-image',
    name: 'Open Graph image',
    category: 'social',
    description: 'Link preview for blogs and docs.',
    width: 1200,
    height: 630,
    variableDefinitions: [v('title', 'How we render a million images a day'), v('site', 'pressroom.dev'), v('accent', '#4f46e5', 'color')],
    fabricJSData: canvas(1200, 630, '#ffffff', [
      rect(0, 0, 24, 630, '{{accent}}'),
      text('{{site}}', { left: 80, top: 70, width: 1040 }, { size: 32, fill: MUTED }),
      text('{{title}}', { left: 80, top: 160, width: 1040 }, { size: 72, fill: INK, weight: 'bold' }),
      circle(1080, 540, 40, '{{accent}}'),
    ]),
  },
  {
    key: 'twitter-card',
    name: 'Twitter/X card',
    category: 'social',
    description: 'Large summary card.',
    width: 1200,
    height: 675,
    variableDefinitions: [v('headline', 'Ship images from templates'), v('handle', '@pressroom'), v('background', '#0f172a', 'color')],
    fabricJSData: canvas(1200, 675, '{{background}}', [
      rect(60, 60, 1080, 555, '#1e293b', 32),
      text('{{headline}}', { left: 120, top: 200, width: 960 }, { size: 76, fill: '#f8fafc', weight: 'bold', align: 'center' }),
      text('{{handle}}', { left: 120, top: 500, width: 960 }, { size: 36, fill: '#38bdf8', align: 'center' }),
    ]),
  },
  {
    key: 'instagram-post',
    name: 'Instagram post',
    category: 'social',
    description: 'Square post.',
    width: 1080,
    height: 1080,
    variableDefinitions: [v('headline', 'New collection'), v('subline', 'Out now'), v('accent', '#f97316', 'color')],
    fabricJSData: canvas(1080, 1080, '#fff7ed', [
      circle(540, 460, 340, '{{accent}}'),
      text('{{headline}}', { left: 240, top: 400, width: 600 }, { size: 68, fill: '#ffffff', weight: 'bold', align: 'center' }),
      text('{{subline}}', { left: 90, top: 850, width: 900 }, { size: 54, fill: INK, align: 'center' }),
    ]),
  },
  {
    key: 'instagram-story',
    name: 'Instagram story',
    category: 'social',
    description: 'Vertical story.',
    width: 1080,
    height: 1920,
    variableDefinitions: [
      v('headline', 'Swipe up for the launch'),
      v('date', 'June 12'),
      v('cta', 'Learn more'),
      v('background', '#7c3aed', 'color'),
    ],
    fabricJSData: canvas(1080, 1920, '{{background}}', [
      rect(80, 240, 920, 1200, '#ffffff', 48),
      text('{{date}}', { left: 140, top: 340, width: 800 }, { size: 56, fill: '#7c3aed', weight: 'bold' }),
      text('{{headline}}', { left: 140, top: 480, width: 800 }, { size: 110, fill: INK, weight: 'bold' }),
      rect(340, 1600, 400, 110, '#ffffff', 55),
      text('{{cta}}', { left: 340, top: 1630, width: 400 }, { size: 44, fill: '#7c3aed', weight: 'bold', align: 'center' }),
    ]),
  },
  {
    key: 'linkedin-banner',
    name: 'LinkedIn banner',
    category: 'social',
    description: 'Profile background.',
    width: 1584,
    height: 396,
    variableDefinitions: [v('name', 'Ada Lovelace'), v('tagline', 'Engineering lead · speaker · writer'), v('accent', '#0a66c2', 'color')],
    fabricJSData: canvas(1584, 396, '#f3f6f8', [
      rect(0, 300, 1584, 96, '{{accent}}'),
      text('{{name}}', { left: 560, top: 80, width: 960 }, { size: 72, fill: INK, weight: 'bold', align: 'right' }),
      text('{{tagline}}', { left: 560, top: 190, width: 960 }, { size: 36, fill: MUTED, align: 'right' }),
    ]),
  },
  {
    key: 'youtube-thumbnail',
    name: 'YouTube thumbnail',
    category: 'video',
    description: 'Video thumbnail.',
    width: 1280,
    height: 720,
    variableDefinitions: [v('title', 'I BUILT IT IN A WEEKEND'), v('badge', 'NEW'), v('background', '#dc2626', 'color')],
    fabricJSData: canvas(1280, 720, '{{background}}', [
      rect(0, 440, 1280, 280, '#000000'),
      text('{{title}}', { left: 60, top: 470, width: 1160 }, { size: 92, fill: '#facc15', weight: 'bold' }),
      rect(60, 60, 240, 100, '#facc15', 16),
      text('{{badge}}', { left: 60, top: 78, width: 240 }, { size: 56, fill: '#000000', weight: 'bold', align: 'center' }),
    ]),
  },
  {
    key: 'certificate',
    name: 'Certificate',
    category: 'documents',
    description: 'Certificate of completion, A4 landscape.',
    width: 1754,
    height: 1240,
    // Printed, a certificate is A4 landscape (the design is A4's shape at 150 dpi), not a 464 × 328 mm page.
    pdfPreset: 'A4',
    variableDefinitions: [
      v('recipient', 'Grace Hopper'),
      v('course', 'Advanced Compilers'),
      v('date', '24 November 2026'),
      v('issuer', 'Pressroom Academy'),
    ],
    fabricJSData: canvas(1754, 1240, '#fffdf7', [
      frame(60, 60, 1634, 1120, '#b45309', 12),
      frame(100, 100, 1554, 1040, '#d97706', 3),
      text(
        'CERTIFICATE OF COMPLETION',
        { left: 177, top: 220, width: 1400 },
        { size: 64, fill: '#92400e', weight: 'bold', align: 'center' },
      ),
      text('This certifies that', { left: 177, top: 380, width: 1400 }, { size: 40, fill: MUTED, align: 'center' }),
      // One line's height (110 px × fabric's 1.13) and one-line fit: a long name shrinks along its one line above
      // the rule, never wrapping (wrapped, a name over ~45 characters broke onto two smaller lines).
      text(
        '{{recipient}}',
        { left: 177, top: 470, width: 1400 },
        { size: 110, fill: INK, italic: true, align: 'center', fitHeight: 128, fitMode: 'one-line' },
      ),
      rect(477, 620, 800, 4, '#d97706'),
      text('completed {{course}}', { left: 177, top: 680, width: 1400 }, { size: 44, fill: INK, align: 'center' }),
      text('{{issuer}} · {{date}}', { left: 177, top: 960, width: 1400 }, { size: 34, fill: MUTED, align: 'center' }),
    ]),
  },
  {
    key: 'invoice',
    name: 'Invoice',
    category: 'documents',
    description: 'One-line invoice, A4 portrait.',
    width: 1240,
    height: 1754,
    variableDefinitions: [
      v('company', 'Pressroom Ltd'),
      v('number', 'INV-0042'),
      v('customer', 'Acme Corp, 1 Main Street, Springfield'),
      v('item', 'Rendering — November'),
      v('amount', '€ 1,250.00'),
      v('due', 'Due 24 December 2026'),
    ],
    fabricJSData: canvas(1240, 1754, '#ffffff', [
      rect(0, 0, 1240, 200, '#1f2937'),
      text('{{company}}', { left: 80, top: 64, width: 700 }, { size: 56, fill: '#ffffff', weight: 'bold' }),
      text('INVOICE {{number}}', { left: 660, top: 76, width: 500 }, { size: 36, fill: '#d1d5db', align: 'right' }),
      text('Bill to', { left: 80, top: 300, width: 1080 }, { size: 28, fill: MUTED }),
      text('{{customer}}', { left: 80, top: 350, width: 1080 }, { size: 36, fill: INK }),
      rect(80, 520, 1080, 70, '#f3f4f6'),
      text('Description', { left: 100, top: 538, width: 700 }, { size: 30, fill: MUTED, weight: 'bold' }),
      text('Amount', { left: 860, top: 538, width: 280 }, { size: 30, fill: MUTED, weight: 'bold', align: 'right' }),
      text('{{item}}', { left: 100, top: 630, width: 700 }, { size: 34, fill: INK }),
      text('{{amount}}', { left: 860, top: 630, width: 280 }, { size: 34, fill: INK, align: 'right' }),
      rect(80, 740, 1080, 3, '#e5e7eb'),
      text('Total {{amount}}', { left: 560, top: 790, width: 600 }, { size: 48, fill: INK, weight: 'bold', align: 'right' }),
      text('{{due}}', { left: 80, top: 1600, width: 1080 }, { size: 30, fill: MUTED, align: 'center' }),
    ]),
  },
  {
    key: 'event-ticket',
    name: 'Event ticket',
    category: 'events',
    description: 'Admission ticket with a stub.',
    width: 1500,
    height: 600,
    variableDefinitions: [
      v('event', 'Render Conf 2026'),
      v('attendee', 'Alan Turing'),
      v('date', 'Sat 12 Dec · 09:00'),
      v('seat', 'A-17'),
      v('accent', '#059669', 'color'),
    ],
    fabricJSData: canvas(1500, 600, '#e5e7eb', [
      rect(30, 30, 1440, 540, '#ffffff', 28),
      rect(1100, 30, 370, 540, '{{accent}}', 28),
      text('{{event}}', { left: 90, top: 90, width: 960 }, { size: 72, fill: INK, weight: 'bold' }),
      text('{{date}}', { left: 90, top: 280, width: 960 }, { size: 40, fill: MUTED }),
      text('{{attendee}}', { left: 90, top: 420, width: 960 }, { size: 48, fill: INK }),
      text('SEAT', { left: 1120, top: 190, width: 330 }, { size: 36, fill: '#d1fae5', align: 'center' }),
      text('{{seat}}', { left: 1120, top: 250, width: 330 }, { size: 96, fill: '#ffffff', weight: 'bold', align: 'center' }),
      circle(1100, 30, 30, '#e5e7eb'),
      circle(1100, 570, 30, '#e5e7eb'),
    ]),
  },
  {
    key: 'quote-card',
    name: 'Quote card',
    category: 'social',
    description: 'A quotation with its author.',
    width: 1080,
    height: 1080,
    variableDefinitions: [
      v('quote', 'Simplicity is prerequisite for reliability.'),
      v('author', 'Edsger W. Dijkstra'),
      v('background', '#fef3c7', 'color'),
    ],
    fabricJSData: canvas(1080, 1080, '{{background}}', [
      text('“', { left: 90, top: 60, width: 300 }, { size: 300, fill: '#f59e0b', weight: 'bold' }),
      text('{{quote}}', { left: 120, top: 340, width: 840 }, { size: 72, fill: INK, italic: true, lineHeight: 1.3 }),
      rect(120, 840, 120, 8, '#f59e0b'),
      text('{{author}}', { left: 120, top: 880, width: 840 }, { size: 44, fill: MUTED, weight: 'bold' }),
    ]),
  },
  {
    key: 'product-card',
    name: 'Product card',
    category: 'commerce',
    description: 'Product with price and call to action.',
    width: 1080,
    height: 1350,
    variableDefinitions: [v('product', 'Trail Runner 2'), v('price', '$129'), v('cta', 'Shop now'), v('accent', '#2563eb', 'color')],
    fabricJSData: canvas(1080, 1350, '#f8fafc', [
      rect(90, 90, 900, 760, '#e2e8f0', 40),
      circle(540, 470, 240, '{{accent}}'),
      text('{{product}}', { left: 90, top: 910, width: 900 }, { size: 76, fill: INK, weight: 'bold' }),
      text('{{price}}', { left: 90, top: 1030, width: 900 }, { size: 64, fill: '{{accent}}', weight: 'bold' }),
      rect(90, 1160, 380, 110, INK, 55),
      text('{{cta}}', { left: 90, top: 1190, width: 380 }, { size: 44, fill: '#ffffff', weight: 'bold', align: 'center' }),
    ]),
  },
  {
    key: 'podcast-cover',
    name: 'Podcast cover',
    category: 'audio',
    description: 'Show or episode artwork.',
    width: 1400,
    height: 1400,
    variableDefinitions: [
      v('show', 'The Render Loop'),
      v('episode', 'Episode 42'),
      v('background', '#111827', 'color'),
      v('accent', '#22d3ee', 'color'),
    ],
    fabricJSData: canvas(1400, 1400, '{{background}}', [
      circle(700, 560, 380, '{{accent}}'),
      circle(700, 560, 250, '{{background}}'),
      circle(700, 560, 90, '{{accent}}'),
      text('{{show}}', { left: 100, top: 1030, width: 1200 }, { size: 110, fill: '#ffffff', weight: 'bold', align: 'center' }),
      text('{{episode}}', { left: 100, top: 1200, width: 1200 }, { size: 56, fill: '{{accent}}', align: 'center' }),
    ]),
  },
];

/** The starters that ship with Pressroom: the canvas designs, then the HTML ones. */
export const STARTERS: StarterTemplate[] = [
  ...CANVAS_STARTERS.map((starter) => ({ ...starter, engine: 'fabric' as const })),
  ...HTML_STARTERS.map((starter) => ({ ...starter, engine: 'html' as const })),
];

export function findStarter(key: string): StarterTemplate | undefined {
  return STARTERS.find((starter) => starter.key === key);
}
