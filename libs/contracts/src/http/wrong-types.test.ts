import { z } from 'zod';
import * as batch from './batch.js';
import * as bindings from './bindings.js';
import * as canvas from './canvas.js';
import * as common from './common.js';
import * as gif from './gif.js';
import * as image from './image.js';
import * as pdf from './pdf.js';
import * as template from './template.js';
import * as video from './video.js';
import * as webhooks from './webhooks.js';

/**
 * Property: every schema of libs/contracts/src/http, fed a value of every JSON
 * type in every field it knows (nested objects included, alone and all at once),
 * answers with safeParse and never throws, so no request body can reach a 500
 * through a refinement that assumed its input's type.
 */

function deep(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

const WRONG_VALUES: Array<[string, unknown]> = [
  ['1', 1],
  ['"s"', 's'],
  ['true', true],
  ['null', null],
  ['{}', {}],
  ['[]', []],
  ['[1]', [1]],
  ['[null]', [null]],
  ['[{}]', [{}]],
  ['{"a":null}', { a: null }],
  ['deep nesting', deep(64)],
];

const modules = { batch, bindings, canvas, common, gif, image, pdf, template, video, webhooks };
const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file}.${name}`, schema })),
);

/** The object schema under optional/default/nullable/pipe wrappers, if any. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  let current: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    if (current instanceof z.ZodObject) return current.shape;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault)
      current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return null;
  }
  return null;
}

/** Every field path the schema declares, nested objects and array/record elements included. */
function fieldPaths(schema: z.ZodType, prefix: string[] = [], depth = 0): string[][] {
  const shape = objectShape(schema);
  if (!shape || depth > 4) return [];
  return Object.entries(shape).flatMap(([key, child]) => {
    let inner: z.ZodType = child;
    while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
      inner = inner.unwrap() as z.ZodType;
    const element =
      inner instanceof z.ZodArray ? (inner.element as z.ZodType) : inner instanceof z.ZodRecord ? (inner.valueType as z.ZodType) : null;
    const nested = [
      ...fieldPaths(child, [...prefix, key], depth + 1),
      ...(element ? fieldPaths(element, [...prefix, key, inner instanceof z.ZodArray ? '0' : 'k'], depth + 1) : []),
    ];
    return [[...prefix, key], ...nested];
  });
}

function withValueAt(path: string[], value: unknown): unknown {
  let result: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i]!;
    result = /^\d+$/.test(key) ? [result] : { [key]: result };
  }
  return result;
}

function mustNotThrow(schema: z.ZodType, input: unknown, label: string): void {
  try {
    schema.safeParse(input);
  } catch (error) {
    throw new Error(`${label} threw ${error instanceof Error ? error.message : String(error)}`);
  }
}

describe('every http schema under wrong JSON types', () => {
  it('finds the request schemas', () => {
    expect(schemas.map((s) => s.name)).toEqual(
      expect.arrayContaining(['batch.BatchRenderRequest', 'template.TemplateCreate', 'image.ImageRequest', 'webhooks.WebhookUpdate']),
    );
  });

  it.each(schemas.map((s) => [s.name, s.schema] as const))('%s never throws', (name, schema) => {
    for (const [label, value] of WRONG_VALUES) mustNotThrow(schema, value, `${name} given ${label}`);
    const paths = fieldPaths(schema);
    for (const [label, value] of WRONG_VALUES) {
      for (const path of paths) mustNotThrow(schema, withValueAt(path, value), `${name}.${path.join('.')} = ${label}`);
      // Every top-level field wrong at once: object-level refinements see only wrong types.
      const all = Object.fromEntries(paths.filter((p) => p.length === 1).map((p) => [p[0], value]));
      mustNotThrow(schema, all, `${name} with every field = ${label}`);
    }
  });

  it('answers layouts of the wrong type on a batch with an issue on layouts', () => {
    for (const layouts of [1, null, {}, 's', true]) {
      const result = batch.BatchRenderRequest.safeParse({ variableSets: [{}], layouts });
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.path.join('.'))).toContain('layouts');
    }
  });
});
