import { TemplateCreate } from '@pressroom/contracts';
import { STARTERS } from './catalog.js';

const REQUIRED = [
  'og-image',
  'twitter-card',
  'instagram-post',
  'instagram-story',
  'linkedin-banner',
  'youtube-thumbnail',
  'certificate',
  'invoice',
  'event-ticket',
  'quote-card',
  'product-card',
  'podcast-cover',
];

describe('starter catalogue', () => {
  it('has every starter the issue names, once', () => {
    const keys = STARTERS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(REQUIRED));
  });

  it('says each size once: the gallery shows width×height beside the description, which does not repeat it', () => {
    expect(STARTERS.filter((s) => /\d+\s*[×x]\s*\d+/.test(s.description)).map((s) => s.key)).toEqual([]);
  });

  it.each(STARTERS.map((s) => [s.key, s] as const))('%s is a valid template with a default for every variable', (_key, starter) => {
    const parsed = TemplateCreate.safeParse({
      name: starter.name,
      ...(starter.engine === 'html' ? { html: starter.html } : { fabricJSData: starter.fabricJSData }),
      width: starter.width,
      height: starter.height,
      variableDefinitions: starter.variableDefinitions,
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(starter.variableDefinitions.filter((d) => d.defaultValue === undefined)).toEqual([]);
  });

  // Whether each HTML starter reads exactly its defined variables is asked of the API (deploy/embedded assets test:
  // GET /templates/{uid}/variables of each copy), where the template language detects them.
  const canvasStarters = STARTERS.flatMap((s) => (s.engine === 'fabric' ? [[s.key, s] as const] : []));
  it.each(canvasStarters)('%s: its canvas is its size, and reads every variable it defines and no other', (_key, starter) => {
    expect(starter.fabricJSData).toMatchObject({ width: starter.width, height: starter.height });
    const used = new Set([...JSON.stringify(starter.fabricJSData).matchAll(/\{\{\s*([a-z]+)\s*\}\}/g)].map((m) => m[1]));
    const defined = new Set(starter.variableDefinitions.map((d) => d.name));
    expect([...used].filter((name) => !defined.has(name!))).toEqual([]);
    expect([...defined].filter((name) => !used.has(name))).toEqual([]);
  });

  it('offers HTML starters too, which show what the template language adds (_if, _for, functions)', () => {
    const html = STARTERS.flatMap((s) => (s.engine === 'html' ? [s.html] : [])).join('\n');
    expect(html).toMatch(/ _if="/);
    expect(html).toMatch(/ _for="/);
    expect(html).toMatch(/\{\{ currency\(/);
  });
});
