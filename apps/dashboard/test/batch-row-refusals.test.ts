import { ApiError } from '../src/api/problem.js';
import { rowRefusals } from '../src/pages/batches/row-refusals.js';

const refusal = (errors: { field: string; message?: string; detail?: string }[]) =>
  new ApiError({ title: 'Invalid request', status: 400, detail: 'Check the rows.', errors });

describe('the refusals of a start that concern its rows', () => {
  test('each variableSets error by row (from 1) and variable, in the API’s order; other fields are the form’s', () => {
    expect(
      rowRefusals(
        refusal([
          { field: 'variableSets.3.variables.title', message: 'Required.' },
          { field: 'format', message: 'Unknown format.' },
          { field: 'variableSets.0', detail: 'Must be an object.' },
          { field: 'variableSets', message: 'At most 100.' },
        ]),
      ),
    ).toEqual([
      { row: 4, variable: 'title', message: 'Required.' },
      { row: 1, variable: null, message: 'Must be an object.' },
    ]);
  });

  test('a variable path with dots stays whole; anything but an API refusal has none', () => {
    expect(rowRefusals(refusal([{ field: 'variableSets.1.address.city', message: 'Too long.' }]))).toEqual([
      { row: 2, variable: 'address.city', message: 'Too long.' },
    ]);
    expect(rowRefusals(refusal([{ field: 'variableSets.2.title', message: 'Required.' }]))).toEqual([
      { row: 3, variable: 'title', message: 'Required.' },
    ]);
    expect(rowRefusals(new Error('network'))).toEqual([]);
    expect(rowRefusals(null)).toEqual([]);
  });
});
