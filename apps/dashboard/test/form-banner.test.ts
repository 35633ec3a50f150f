import { ApiError } from '../src/api/problem.js';
import { formBanner, readablePath } from '../src/kit/form-banner.js';

const validation = (errors: { field: string; message: string }[]) =>
  new ApiError({
    type: 'http://localhost:8080/errors/validation-error',
    title: 'Validation Error',
    status: 400,
    detail: `The request body is invalid: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
    errors,
  });

describe("a form's top banner", () => {
  it('says only where to look when every field error stands beside its field', () => {
    const error = validation([{ field: 'maxRenders', message: 'Must be a number; got "lots".' }]);
    expect(formBanner(error, { fields: ['maxRenders'] })).toEqual({
      lines: ['Check the highlighted field.'],
      unshown: [],
      shown: ['Must be a number; got "lots".'],
    });
    const two = validation([
      { field: 'width', message: 'Must be at least 1.' },
      { field: 'height', message: 'Must be at most 5000.' },
    ]);
    expect(formBanner(two, { fields: ['width', 'height'] }).lines).toEqual(['Check the 2 highlighted fields.']);
  });

  it('counts the fields to check, not their errors: one field refused by several checks is one field', () => {
    // The API's answer for bucket "b": too short and not a bucket name, both in the contract's one sentence.
    const rule = 'bucket is 3–63 lower-case letters, digits, dots and dashes (S3 bucket naming).';
    const twice = [
      { field: 'bucket', message: rule },
      { field: 'bucket', message: rule },
    ];
    const bucket = validation(twice);
    expect(formBanner(bucket, { fields: ['bucket', 'region'] }).lines).toEqual(['Check the highlighted field.']);
    // Different messages under one field, and paths one field shows together, are still one field each.
    const one = validation([
      { field: 'width', message: 'Must be at most 3840.' },
      { field: 'width', message: 'Width must be even.' },
      { field: 'mapping.title', message: 'Not a path.' },
      { field: 'mapping.colour', message: 'Not a path either.' },
    ]);
    expect(formBanner(one, { fields: ['width', 'mapping'] }).lines).toEqual(['Check the 2 highlighted fields.']);
    const three = validation([...twice, { field: 'region', message: 'region is …' }, { field: 'width', message: 'Too big.' }]);
    expect(formBanner(three, { fields: ['bucket', 'region', 'width'] }).lines).toEqual(['Check the 3 highlighted fields.']);
  });

  it('lists errors no field shows in readable words, named by a label where the form knows one', () => {
    const error = validation([
      { field: 'name', message: 'Required.' },
      { field: 'templateUid', message: 'Unknown template.' },
      { field: 'variableDefinitions.1.name', message: 'Use letters.' },
      { field: '(body)', message: 'Expected a JSON object.' },
    ]);
    expect(formBanner(error, { fields: ['name'], labels: { templateUid: 'Template' } })).toEqual({
      lines: ['Check the highlighted field.'],
      unshown: ['Template: Unknown template.', 'Variable definitions › #2 › name: Use letters.', 'Expected a JSON object.'],
      shown: ['Required.'],
    });
  });

  it('does not lose a claimed error that the page does not show', () => {
    const error = validation([
      { field: 'mapping.title', message: 'Not a path.' },
      { field: 'mapping.colour', message: 'Not a path either.' },
    ]);
    const banner = formBanner(error, { fields: ['mapping'], onPage: (m) => m === 'Not a path.' });
    expect(banner.lines).toEqual(['Check the highlighted field.']);
    expect(banner.unshown).toEqual(['Mapping › colour: Not a path either.']);
  });

  it("keeps another problem's detail, unless it only repeats the field's message", () => {
    const storage = new ApiError({
      type: 'http://localhost:8080/errors/storage-write-failed',
      title: 'Storage Write Failed',
      status: 422,
      detail: 'The settings were not saved: NoSuchBucket (HTTP 404).',
      errors: [{ field: 'bucket', message: 'NoSuchBucket (HTTP 404).' }],
    });
    expect(formBanner(storage, { fields: ['bucket'] }).lines).toEqual([
      'The settings were not saved: NoSuchBucket (HTTP 404).',
      'Check the highlighted field.',
    ]);
    const blocked = new ApiError({
      type: 'http://localhost:8080/errors/blocked-url',
      title: 'Blocked URL',
      status: 400,
      detail: 'The URL names the local machine.',
      errors: [{ field: 'targetUrl', message: 'The URL names the local machine.' }],
    });
    expect(formBanner(blocked, { fields: ['targetUrl'] }).lines).toEqual(['Check the highlighted field.']);
    // The gateway's blocked-url detail names the field first (`targetUrl: The URL …`): still the field's message.
    const named = new ApiError({
      type: 'http://localhost:8080/errors/blocked-url',
      title: 'Blocked URL',
      status: 400,
      detail: 'targetUrl: The URL http://localhost/ names the local machine (localhost) and is blocked.',
      errors: [{ field: 'targetUrl', message: 'The URL http://localhost/ names the local machine (localhost) and is blocked.' }],
    });
    expect(formBanner(named, { fields: ['targetUrl'] }).lines).toEqual(['Check the highlighted field.']);
    // A detail that says more than the field (another field's name, other words) is kept.
    const other = new ApiError({
      type: 'http://localhost:8080/errors/blocked-url',
      title: 'Blocked URL',
      status: 400,
      detail: 'csvUrl: The URL http://localhost/ names the local machine (localhost) and is blocked.',
      errors: [{ field: 'targetUrl', message: 'The URL http://localhost/ names the local machine (localhost) and is blocked.' }],
    });
    expect(formBanner(other, { fields: ['targetUrl'] }).lines[0]).toMatch(/^csvUrl: /);
    const plain = new ApiError({ title: 'Forbidden', status: 403, detail: 'Only an owner may do this.' });
    expect(formBanner(plain, { fields: ['name'] })).toEqual({ lines: ['Only an owner may do this.'], unshown: [], shown: [] });
    expect(formBanner(new Error('Failed to fetch'), { fields: [] }).lines).toEqual(['Failed to fetch']);
  });

  it('spells a path out when no label is known', () => {
    expect(readablePath('maxRenders')).toBe('Max renders');
    expect(readablePath('dataSource.credentials.headerName')).toBe('Data source › credentials › headerName');
    expect(readablePath('variables.myTitle')).toBe('Variables › myTitle');
  });
});

describe('a field error beside its field', () => {
  it("drops the API's own name of the field from a 'must' sentence, beside the field and after its label in the banner", () => {
    const error = validation([
      { field: 'name', message: '`name` must be a string.' },
      { field: 'limits.perMinute', message: '`perMinute` must be a number.' },
      { field: 'refreshPolicy.ttlSeconds', message: 'ttlSeconds must be between 60 and 604800.' },
      { field: 'bucket', message: 'bucket is 3–63 lower-case letters, digits, dots and dashes (S3 bucket naming).' },
      { field: 'to', message: '`to` must be after `from`.' },
      { field: 'title', message: '`name` must be text.' },
    ]);
    expect(error.fieldError('name')).toBe('Must be a string.');
    expect(error.fieldErrors().map((e) => e.message)).toEqual([
      'Must be a string.',
      'Must be a number.',
      'Must be between 60 and 604800.',
      // Not a "must" sentence: a rule about the bucket, kept whole.
      'bucket is 3–63 lower-case letters, digits, dots and dashes (S3 bucket naming).',
      'Must be after `from`.',
      // Another field's name is not this field's: kept.
      '`name` must be text.',
    ]);
    expect(formBanner(error, { fields: [], labels: { name: 'Name' } }).unshown[0]).toBe('Name: Must be a string.');
  });
});
