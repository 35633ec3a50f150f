import { isPlainObject } from '../values.js';
import type { FunctionSpec } from './spec.js';

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

function predicate(name: string, description: string, example: string, result: boolean, test: (value: unknown) => boolean): FunctionSpec {
  return {
    name,
    category: 'type',
    signature: `${name}(value)`,
    description,
    example,
    result,
    minArgs: 1,
    maxArgs: 1,
    lenient: true,
    call: (args) => test(args[0]),
  };
}

export const TYPE_FUNCTIONS: FunctionSpec[] = [
  predicate(
    'isEmpty',
    'true for an undefined variable, null, empty text, an empty array or an empty object.',
    "isEmpty('')",
    true,
    isEmptyValue,
  ),
  predicate('isNotEmpty', 'The opposite of isEmpty.', 'isNotEmpty([1])', true, (value) => !isEmptyValue(value)),
  predicate(
    'isDefined',
    'true when the variable exists and is not null.',
    'isDefined(null)',
    false,
    (value) => value !== undefined && value !== null,
  ),
  predicate('isArray', 'true for an array.', 'isArray([1, 2])', true, Array.isArray),
  predicate('isString', 'true for text.', "isString('a')", true, (value) => typeof value === 'string'),
  predicate(
    'isNumber',
    'true for a number (not for numeric text, not for NaN).',
    "isNumber('3')",
    false,
    (value) => typeof value === 'number' && !Number.isNaN(value),
  ),
  predicate('isBoolean', 'true for true or false.', 'isBoolean(false)', true, (value) => typeof value === 'boolean'),
  predicate('isObject', 'true for an object (not an array, not null).', "isObject(parseJson('{}'))", true, isPlainObject),
];
