import { z } from 'zod';
import { GifRequest } from '@pressroom/contracts';
import { ProblemError } from '@pressroom/problem';
import { toolArguments } from './tool-arguments.js';

function problemOf(run: () => unknown): ProblemError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('no problem thrown');
}

describe('MCP tool arguments', () => {
  it('parse like the API body: defaults applied', () => {
    expect(toolArguments('render_gif', GifRequest, { html: '<p>x</p>' })).toMatchObject({ html: '<p>x</p>', width: 800, height: 600 });
  });

  it('refuse each bad field as a validation problem whose detail names the tool', () => {
    const problem = problemOf(() => toolArguments('render_gif', GifRequest, { html: '<p>x</p>', width: 'wide', widht: 3 }));
    expect(problem.slug).toBe('validation-error');
    expect(problem.status).toBe(400);
    expect(problem.detail).toMatch(/^The arguments of render_gif are invalid: /);
    expect(problem.errors?.map((e) => e.field).sort()).toEqual(['widht', 'width']);
  });

  it('name the whole object `(arguments)` and pass the door rule (NUL)', () => {
    const either = z.object({ a: z.string().optional(), b: z.string().optional() }).refine((v) => v.a ?? v.b, 'Give `a` or `b`.');
    expect(problemOf(() => toolArguments('pick', either, {})).errors).toEqual([
      expect.objectContaining({ field: '(arguments)', message: 'Give `a` or `b`.' }),
    ]);
    const neither = problemOf(() => toolArguments('render_gif', GifRequest, {}));
    expect(neither.errors).toEqual([
      expect.objectContaining({ field: 'html', message: expect.stringMatching(/One of `html`, `url` or `template`/) }),
    ]);
    const nul = problemOf(() => toolArguments('render_gif', GifRequest, { html: 'a\u0000b' }));
    expect(nul.errors).toEqual([expect.objectContaining({ field: 'html' })]);
  });
});
