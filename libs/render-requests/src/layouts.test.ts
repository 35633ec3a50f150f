import { ProblemError, isProblemError } from '@pressroom/problem';
import { layoutKeys, planEachLayout, resolveLayout } from './layouts.js';
import { templateRow } from './template-fixture.js';

const template = templateRow({
  layouts: {
    story: { width: 1080, height: 1920 },
    square: { width: 1000, height: 1000, html: '<p>square</p>' },
    drawn: { fabricJSData: { objects: [] } },
  },
});

function problemOf(run: () => unknown): { slug: string; status: number } {
  try {
    run();
  } catch (error) {
    if (isProblemError(error)) return { slug: error.slug, status: error.status };
    throw error;
  }
  throw new Error('expected a problem');
}

describe('resolveLayout', () => {
  it('is the template itself for `default`', () => {
    expect(resolveLayout(template)).toEqual({ key: 'default', width: 1200, height: 630, html: '<h1>{{ title }}</h1>', fabricJSData: null });
  });

  it('re-uses the template design when a layout only gives a size', () => {
    expect(resolveLayout(template, 'story')).toMatchObject({ width: 1080, height: 1920, html: '<h1>{{ title }}</h1>', fabricJSData: null });
  });

  it('takes a layout’s own design, and a canvas layout has no HTML', () => {
    expect(resolveLayout(template, 'square')).toMatchObject({ html: '<p>square</p>', width: 1000 });
    expect(resolveLayout(template, 'drawn')).toMatchObject({ html: null, fabricJSData: { objects: [] }, width: 1200, height: 630 });
  });

  it('is 404 for an unknown layout and 400 for a malformed key', () => {
    expect(problemOf(() => resolveLayout(template, 'wide'))).toEqual({ slug: 'not-found', status: 404 });
    expect(problemOf(() => resolveLayout(template, 'Not A Key'))).toEqual({ slug: 'validation-error', status: 400 });
  });
});

describe('layoutKeys', () => {
  it('lists default first, then the stored keys alphabetically', () => {
    expect(layoutKeys(template)).toEqual(['default', 'drawn', 'square', 'story']);
  });
});

describe('planEachLayout', () => {
  it('sets unknown layouts aside and plans the others', () => {
    const { planned, failed } = planEachLayout(['default', 'nope', 'story'], (key) => resolveLayout(template, key).width);
    expect(planned).toEqual([1200, 1080]);
    expect(failed).toEqual([{ layout: 'nope', code: 'layout_not_found', error: expect.stringContaining('"nope"') }]);
  });

  it('throws the unknown-layout 404 when no layout is left', () => {
    expect(problemOf(() => planEachLayout(['gone', 'missing'], (key) => resolveLayout(template, key)))).toEqual({
      slug: 'not-found',
      status: 404,
    });
  });

  it('throws any other problem at once', () => {
    expect(
      problemOf(() =>
        planEachLayout(['default', 'nope'], () => {
          throw new ProblemError('validation-error', { detail: 'bad variable' });
        }),
      ),
    ).toEqual({ slug: 'validation-error', status: 400 });
  });
});
