import { ProblemError } from '@pressroom/problem';
import { ExpressionError, FUNCTIONS, evaluateExpression, renderHtmlTemplate, renderText, templateVariableNames } from './index.js';

/** Deterministic PRNG so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(20240315);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (max: number) => Math.floor(random() * max);

const scope = {
  a: 1,
  b: 'two',
  c: [1, 2, { d: 'x' }],
  o: JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "k": {"v": [null, true]}}') as unknown,
  big: 'z'.repeat(600_000),
  nums: Array.from({ length: 50 }, (_, i) => i),
  deep: '['.repeat(100_000) + ']'.repeat(100_000),
};

const VOCABULARY = [
  ...FUNCTIONS.map((f) => f.name),
  ...Object.keys(scope),
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'this',
  'globalThis',
  'process',
  'require',
  'eval',
  'Function',
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
  '?',
  ':',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '&&',
  '||',
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  '=',
  '&',
  '|',
  '0',
  '1',
  '-1',
  '1e308',
  '1e999',
  '9'.repeat(400),
  '0.1',
  'NaN',
  'Infinity',
  'true',
  'false',
  'null',
  'undefined',
  "'s'",
  '"d"',
  "'\\u0041'",
  "'\\",
  '"unterminated',
  "'}}'",
  '{{',
  '}}',
  '`',
  '$',
  '#',
  ';',
  '\\',
  '\u0000',
  '\u2028',
  '😀',
];

function randomExpression(): string {
  const length = 1 + int(25);
  let out = '';
  for (let i = 0; i < length; i++) out += pick(VOCABULARY) + (random() < 0.5 ? ' ' : '');
  return out;
}

/** Plausible expressions: mostly well-formed calls and operators over the scope, to reach evaluation. */
function structuredExpression(depth = 0): string {
  const r = random();
  if (depth > 4 || r < 0.25)
    return pick([
      'a',
      'b',
      'c',
      'o',
      'nums',
      'big',
      'deep',
      'c[2].d',
      'o.k.v',
      "o['__proto__']",
      'o.constructor',
      'c.length',
      '1',
      '"x"',
      'null',
      'true',
      '-3.5',
      'missing',
    ]);
  if (r < 0.55) {
    const f = pick(FUNCTIONS);
    const args = Array.from({ length: int(4) }, () => structuredExpression(depth + 1));
    return `${f.name}(${args.join(', ')})`;
  }
  if (r < 0.8)
    return `${structuredExpression(depth + 1)} ${pick(['+', '-', '*', '/', '%', '==', '!=', '<', '>=', '&&', '||'])} ${structuredExpression(depth + 1)}`;
  if (r < 0.9) return `${structuredExpression(depth + 1)} ? ${structuredExpression(depth + 1)} : ${structuredExpression(depth + 1)}`;
  return `(${structuredExpression(depth + 1)})[${pick(['0', '1', "'d'", "'length'", "'__proto__'", '-1', '1e9'])}]`;
}

function randomBytes(): string {
  return Array.from({ length: int(200) }, () => String.fromCharCode(int(0x10000))).join('');
}

const HOSTILE = [
  '('.repeat(10_000) + '1' + ')'.repeat(10_000),
  '('.repeat(4_999) + '1',
  '!'.repeat(9_999) + 'a',
  '-'.repeat(9_999) + '1',
  'a' + '.b'.repeat(4_999),
  'c' + '[0]'.repeat(3_000),
  '1+'.repeat(4_999) + '1',
  '['.repeat(5_000) + ']'.repeat(5_000),
  'a ? '.repeat(2_400) + '1' + ' : 2'.repeat(2_400),
  'uppercase('.repeat(900) + "'x'" + ')'.repeat(900),
  '9'.repeat(9_999),
  '1e999 * -1e999',
  '__proto__',
  'constructor.constructor',
  "constructor.constructor('return process')()",
  'o.__proto__.polluted',
  "o['__pro' + 'to__']",
  'o.constructor',
  'toString.call(1)',
  "'unterminated",
  '"unterminated \\"',
  "'\\",
  'x'.repeat(1 << 20),
  'a + '.repeat(1 << 18) + 'a',
  'repeat(big, 2)',
  'big + big',
  "split(big, '')",
  'json(parseJson(deep))',
  "padStart('x', 1048576, 'ab') + 'y'",
  "replace(big, 'z', 'zzzz')",
  'range(0, 1e308)',
  'sort(nums) + sort(nums)',
  "date(1e20, 'YYYY')",
  "currency(1, 'XXX', '" + 'x-'.repeat(100) + "')",
];

/** CPU milliseconds this process has spent, which a loaded machine's scheduling does not stretch. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs one case: it returns, or fails with one of our typed errors, pointing into the input when it can. */
function runCase(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ExpressionError) && !(error instanceof ProblemError)) throw error;
    if (error instanceof ExpressionError) {
      expect(error.position).toBeGreaterThanOrEqual(1);
      expect(typeof error.detail).toBe('string');
    }
  }
}

/** A case, and a bound on its CPU (not wall time: on a loaded CI machine a case waits seconds for a core). */
function check(run: () => unknown): void {
  const started = cpuMs();
  runCase(run);
  const elapsed = cpuMs() - started;
  if (elapsed > 2_000) throw new Error(`a case took ${Math.round(elapsed)} ms of CPU`);
}

/**
 * The case at size n and at 4n, each the fastest of three runs: linear work takes ~4× as long at 4n,
 * quadratic ~16×. A ratio, not a time, because the same work cost 12× the CPU in a CI jest worker that
 * had run many suites before (5 s for a case that takes 0.4 s alone); the fastest of three leaves most
 * of such noise out, and it weighs on both sizes.
 */
function expectLinear(make: (n: number) => () => unknown, n: number): void {
  const fastest = (run: () => unknown) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const started = cpuMs();
      runCase(run);
      best = Math.min(best, cpuMs() - started);
    }
    return best;
  };
  const small = fastest(make(n));
  const large = fastest(make(4 * n));
  // The floor keeps a case too quick to time (under 5 ms at n) from reading as superlinear.
  expect(large / Math.max(small, 5)).toBeLessThan(8);
}

describe('fuzz: hostile and random input never crashes, escapes or hangs', () => {
  afterAll(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it.each(HOSTILE.map((source, i) => [i, source] as const))('hostile expression #%i', (_i, source) => {
    check(() => evaluateExpression(source, scope));
    check(() => renderText(`x{{ ${source} }}y`, scope));
  });

  it('3,000 random token soups', () => {
    for (let i = 0; i < 3_000; i++) {
      const source = randomExpression();
      check(() => evaluateExpression(source, scope));
    }
  });

  it('3,000 random well-formed-ish expressions', () => {
    for (let i = 0; i < 3_000; i++) {
      const source = structuredExpression();
      check(() => {
        const value = evaluateExpression(source, scope);
        expect(['string', 'number', 'boolean', 'object', 'undefined']).toContain(typeof value);
      });
    }
  });

  it('1,000 random byte strings as expressions and as templates', () => {
    for (let i = 0; i < 1_000; i++) {
      const bytes = randomBytes();
      check(() => evaluateExpression(bytes, scope));
      check(() => renderText(bytes, scope));
      check(() => templateVariableNames(bytes));
    }
  });

  it('500 random HTML templates with _if/_for and placeholders', () => {
    const pieces = [
      '<div>',
      '</div>',
      '<p _if="',
      '<li _for="',
      'x in nums',
      'i, n in c',
      'a > 0',
      '">',
      '{{ ',
      ' }}',
      'a',
      'x',
      'b',
      '<style>',
      '</style>',
      '<!--',
      '-->',
      '<template>',
      '</template>',
      '"',
      "'",
      '<',
      '>',
      '&amp;',
      '_if=',
      '_for=',
    ];
    for (let i = 0; i < 500; i++) {
      const html = Array.from({ length: 5 + int(40) }, () => pick(pieces)).join('');
      check(() => renderHtmlTemplate({ html, variables: scope, definitions: [], strictVariables: random() < 0.5 }));
    }
  });

  it('huge templates stay linear', () => {
    expectLinear((n) => () => renderText('{{'.repeat(n), scope), 62_500);
    expectLinear((n) => () => renderText('{{ a }}'.repeat(n), scope), 12_500);
    expectLinear((n) => () => renderText('{'.repeat(n) + '}'.repeat(n), scope), 125_000);
    expectLinear(
      (n) => () =>
        renderHtmlTemplate({ html: '<p _if="a">{{ a }}</p>'.repeat(n), variables: scope, definitions: [], strictVariables: false }),
      2_500,
    );
  });
});
