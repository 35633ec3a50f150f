import { checkBatchRows } from '../src/pages/batches/row-check.js';

const definitions = [
  { name: 'title', type: 'text', validation: { required: true } },
  { name: 'price', type: 'number' },
  { name: 'bg', type: 'color', defaultValue: '#fff' },
];
const variables = [
  { name: 'title', mapped: true },
  { name: 'price', mapped: true },
  { name: 'bg', mapped: false },
  { name: 'footer', mapped: false },
];

describe('checkBatchRows', () => {
  it('names each row and variable a render would refuse, counting rows from 1', () => {
    const { rows } = checkBatchRows({
      definitions,
      strictVariables: false,
      variables,
      variableSets: [
        { title: 'One', price: '9.5' },
        { title: '', price: 'ten' },
        { title: 'Three', price: '3' },
      ],
    });
    expect(rows).toEqual([
      { row: 2, variable: 'title', message: 'Required.' },
      { row: 2, variable: 'price', message: 'Must be a number; got "ten".' },
    ]);
  });

  it('with strict variables, lists the variables no column gives and no default fills', () => {
    const base = { definitions, variables, variableSets: [{ title: 'One', price: '1' }] };
    expect(checkBatchRows({ ...base, strictVariables: true }).unfilled).toEqual(['footer']);
    expect(checkBatchRows({ ...base, strictVariables: false }).unfilled).toEqual([]);
  });
});
