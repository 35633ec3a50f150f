import { defaultUse } from '../src/pages/batches/default-use.js';

const definitions = [
  { name: 'name', type: 'text', defaultValue: 'Grace Hopper' },
  { name: 'course', type: 'text', validation: { required: true } },
  { name: 'date', type: 'text' },
  { name: 'score', type: 'number', defaultValue: 100 },
];

describe('defaultUse', () => {
  it('names each variable no column fills, with the default every file then gets', () => {
    const use = defaultUse({
      definitions,
      variables: [
        { name: 'name', mapped: false },
        { name: 'course', mapped: true },
        { name: 'date', mapped: false },
        { name: 'score', mapped: false },
      ],
      variableSets: [{ course: 'Chemistry' }],
    });
    expect(use.unmapped).toEqual([
      { variable: 'name', fallback: 'Grace Hopper' },
      { variable: 'date', fallback: null },
      { variable: 'score', fallback: '100' },
    ]);
    expect(use.blocked).toEqual([]);
    expect(use.emptyCells).toEqual([]);
  });

  it('blocks a required variable without a default that no column fills', () => {
    const use = defaultUse({ definitions, variables: [{ name: 'course', mapped: false }], variableSets: [{}] });
    expect(use.blocked).toEqual(['course']);
    expect(use.unmapped).toEqual([]);
  });

  it('names each empty cell of a mapped variable by row (from 1); a cell of spaces gets no default', () => {
    const use = defaultUse({
      definitions,
      variables: [
        { name: 'name', mapped: true },
        { name: 'course', mapped: true },
        { name: 'date', mapped: true },
      ],
      variableSets: [
        { name: 'Ada', course: 'Maths', date: '2026-12-05' },
        { name: '', course: '', date: '   ' },
      ],
    });
    // The empty required `course` is the row check's ("Required."), not repeated here.
    expect(use.emptyCells).toEqual([
      { row: 2, variable: 'name', fallback: 'Grace Hopper' },
      { row: 2, variable: 'date', fallback: null },
    ]);
  });

  it('cuts a long default', () => {
    const use = defaultUse({
      definitions: [{ name: 'note', defaultValue: 'x'.repeat(80) }],
      variables: [{ name: 'note', mapped: false }],
      variableSets: [],
    });
    expect(use.unmapped[0]!.fallback).toBe(`${'x'.repeat(39)}…`);
  });
});
