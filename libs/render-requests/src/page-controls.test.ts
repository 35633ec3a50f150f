import { DEFAULT_PAGE_CONTROLS, ImageRequest, TemplateRenderRequest, GifRequest, pickRenderControls } from '@pressroom/contracts';
import { planControls } from './page-controls.js';

describe('planControls', () => {
  it('plans nothing when no control differs from its default', () => {
    expect(planControls(undefined)).toBeUndefined();
    expect(planControls({})).toBeUndefined();
    expect(planControls({ deviceScaleFactor: 1, fullPage: false, delayMs: 0 })).toBeUndefined();
  });

  it('fills every absent control with its default', () => {
    expect(planControls({ deviceScaleFactor: 2, colorScheme: 'dark' })).toEqual({
      ...DEFAULT_PAGE_CONTROLS,
      deviceScaleFactor: 2,
      colorScheme: 'dark',
    });
  });

  it('reads the controls of a parsed body, and only those', () => {
    const body = ImageRequest.parse({ html: '<p>x</p>', waitForFunction: 'window.renderReady === true', timezone: 'Asia/Tokyo' });
    expect(pickRenderControls(body)).toEqual({ waitForFunction: 'window.renderReady === true', timezone: 'Asia/Tokyo' });
  });
});

describe('render control validation', () => {
  const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

  it('refuses a deviceScaleFactor of 5, naming the field', () => {
    expect(fieldsOf(ImageRequest.safeParse({ html: '<p>x</p>', deviceScaleFactor: 5 }))).toEqual(['deviceScaleFactor']);
    expect(fieldsOf(GifRequest.safeParse({ html: '<p>x</p>', width: 10, height: 10, deviceScaleFactor: 5 }))).toEqual([
      'deviceScaleFactor',
    ]);
  });

  it('refuses a scaled size beyond what Chromium captures', () => {
    expect(fieldsOf(ImageRequest.safeParse({ html: '<p>x</p>', width: 4000, deviceScaleFactor: 4.5 }))).toContain('deviceScaleFactor');
    expect(fieldsOf(GifRequest.safeParse({ html: '<p>x</p>', width: 1500, height: 10, deviceScaleFactor: 2 }))).toEqual([
      'deviceScaleFactor',
    ]);
  });

  it('refuses transparency for JPEG and fullPage with a selector', () => {
    expect(fieldsOf(ImageRequest.safeParse({ html: '<p>x</p>', fileExtension: 'jpg', transparentBackground: true }))).toEqual([
      'transparentBackground',
    ]);
    expect(fieldsOf(TemplateRenderRequest.safeParse({ format: 'jpeg', transparentBackground: true }))).toEqual(['transparentBackground']);
    expect(fieldsOf(ImageRequest.safeParse({ html: '<p>x</p>', fullPage: true, selector: '#a' }))).toEqual(['fullPage']);
  });

  it('refuses unknown time zones and malformed locales, and bounds delayMs', () => {
    expect(fieldsOf(ImageRequest.safeParse({ html: '<p>x</p>', timezone: 'Mars/Olympus' }))).toEqual(['timezone']);
    expect(fieldsOf(ImageRequest.safeParse({ html: '<p>x</p>', locale: 'not a locale' }))).toEqual(['locale']);
    expect(fieldsOf(ImageRequest.safeParse({ html: '<p>x</p>', delayMs: 10_001 }))).toEqual(['delayMs']);
    expect(ImageRequest.safeParse({ html: '<p>x</p>', timezone: 'America/New_York', locale: 'de-DE', delayMs: 500 }).success).toBe(true);
  });
});
