import { autoColumns } from '../src/pages/batches/column-match.js';

describe('autoColumns', () => {
  it('maps a spreadsheet header to a variable in any case, spaces, underscores and hyphens aside', () => {
    expect(autoColumns(['name', 'course_name', 'date'], ['Name', 'Course name', 'DATE'])).toEqual({
      name: 'Name',
      course_name: 'Course name',
      date: 'DATE',
    });
    expect(autoColumns(['issue-date'], ['Issue_Date'])).toEqual({ 'issue-date': 'Issue_Date' });
  });

  it('lets an exact match win over a loose one, and gives a column to one variable only', () => {
    // `Name` is exactly the second variable's column: the first variable may not take it loosely.
    expect(autoColumns(['name', 'Name'], ['Name'])).toEqual({ Name: 'Name' });
    expect(autoColumns(['name', 'NAME'], ['Name'])).toEqual({ name: 'Name' });
  });

  it('leaves a variable no column is named like unmapped', () => {
    expect(autoColumns(['recipient', 'course'], ['Name', 'Course'])).toEqual({ course: 'Course' });
  });
});
