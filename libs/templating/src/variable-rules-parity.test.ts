import { defaultValueProblem, isValidColor as contractsIsValidColor, isVariableName, type VariableDefinition } from '@pressroom/contracts';
import { isValidColor } from './colors.js';
import { renderText } from './render-text.js';
import { tokenize } from './tokenizer.js';
import { resolveVariables } from './variables.js';

/*
 * The contracts refuse variable definitions a render could not use (libs/contracts/src/http/variable-rules.ts).
 * Those rules restate what this package does; these tests fail when the two drift apart.
 */

const NAMES = [
  'title',
  'bg',
  '_x',
  '$price',
  'a1',
  'café',
  '名前',
  'Ünïcode_ok',
  'bad name!',
  '2fast',
  'a-b',
  'a.b',
  'x y',
  '',
  ' title',
  'true',
  'false',
  'null',
  '__proto__',
  'constructor',
  'prototype',
  'emoji😀',
  'tab\t',
];

/** Does `{{ name }}` read the variable `name` (and render its value)? */
function readsAsVariable(name: string): boolean {
  try {
    const tokens = tokenize(name);
    if (tokens.length !== 2 || tokens[0]!.kind !== 'identifier' || tokens[0]!.text !== name) return false;
    const vars: Record<string, unknown> = {};
    Object.defineProperty(vars, name, { value: 'VALUE', enumerable: true });
    return renderText(`{{ ${name} }}`, vars).text === 'VALUE';
  } catch {
    return false;
  }
}

const COLOURS = [
  '#fff',
  '#ffff',
  '#ffffff',
  '#ffffff80',
  '#12',
  '#ggg',
  'red',
  'RED',
  ' red ',
  'transparent',
  'notacolor',
  'rgb(0,0,0)',
  'rgb(0 0 0 / 50%)',
  'rgb(300,0,0)',
  'rgba(0,0,0,1.5)',
  'hsl(120, 50%, 50%)',
  'hsl(120deg 50% 50% / .5)',
  'hsl(120, 50, 50)',
  'rgb(10%, 20%, 30%)',
  '',
  'currentColor',
];

const DEFAULTS: Record<string, unknown[]> = {
  number: [1, 0, -2.5, '19.99', ' 7 ', '1e3', '', ' ', 'abc', '12px', 'Infinity', true, null, [], {}],
  boolean: [true, false, 1, 0, 2, 'true', 'FALSE', ' yes ', 'no', 'on', 'off', '1', '0', 'maybe', '', null, {}],
  color: [...COLOURS, 12, null],
  text: ['x', 1, true, '', null],
};

describe('the contracts accept exactly the variable definitions this package renders', () => {
  it('variable names: valid exactly when `{{ name }}` reads that variable', () => {
    for (const name of NAMES) expect([name, isVariableName(name)]).toEqual([name, readsAsVariable(name)]);
  });

  it('colours: the same check as color variables get', () => {
    for (const colour of COLOURS) expect([colour, contractsIsValidColor(colour)]).toEqual([colour, isValidColor(colour)]);
  });

  it('defaults: accepted exactly when a render without the variable takes them', () => {
    for (const [type, values] of Object.entries(DEFAULTS)) {
      for (const defaultValue of values) {
        const definition = { name: 'v', type, defaultValue, allowRawHtml: false } as VariableDefinition;
        let renders = true;
        try {
          resolveVariables([definition], {});
        } catch {
          renders = false;
        }
        expect([type, defaultValue, defaultValueProblem(type, defaultValue) === null]).toEqual([type, defaultValue, renders]);
      }
    }
  });
});
