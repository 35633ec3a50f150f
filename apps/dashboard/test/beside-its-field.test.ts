import { ApiError, besideItsField } from '../src/api/problem.js';
import { clipPrefix, errorsUnder, messageFor } from '../src/pages/video/studio/studio-errors.js';

// docs/dashboard.md "Refused forms": beside its field (and after its label in the banner) a message does not name
// that field, nor another, in the API's spelling; the raw problem keeps the API's words for its clients.

describe('besideItsField: the API names its own field, which the form already labels', () => {
  it('drops the name before "must"', () => {
    expect(besideItsField('name', '`name` must be a string.')).toBe('Must be a string.');
    expect(besideItsField('refreshPolicy.ttlSeconds', 'ttlSeconds must be between 60 and 604800.')).toBe('Must be between 60 and 604800.');
    // A rule about the value, not a "must" sentence, stays whole.
    expect(besideItsField('bucket', 'bucket is 3–63 lower-case letters, digits, dots and dashes.')).toBe(
      'bucket is 3–63 lower-case letters, digits, dots and dashes.',
    );
  });

  it('says "Required" for "`name` is required", keeping what the API says the field is for', () => {
    expect(besideItsField('name', '`name` is required.')).toBe('Required.');
    expect(besideItsField('targetUrl', '`targetUrl` is required: the HTTPS URL that receives deliveries.')).toBe(
      'Required: the HTTPS URL that receives deliveries.',
    );
    expect(besideItsField('dataSource.url', '`url` is required: the http(s) URL of the JSON data.')).toBe(
      'Required: the http(s) URL of the JSON data.',
    );
    expect(besideItsField('templateId', '`templateId` is required: the uid of one of your templates.')).toBe(
      'Required: the uid of one of your templates.',
    );
    expect(besideItsField('templateUid', '`templateUid` is required.')).toBe('Required.');
  });

  it('leaves another field\'s "is required" and sentences that only start alike', () => {
    // Beside `html`, a message about a choice of sources names them all: not this field's own requirement.
    expect(besideItsField('html', 'One of `html`, `url` or `template` is required.')).toBe(
      'One of `html`, `url` or `template` is required.',
    );
    expect(besideItsField('name', '`names` is required.')).toBe('`names` is required.');
    expect(besideItsField('name', '`name` is required when `kind` is set.')).toBe('`name` is required when `kind` is set.');
  });
});

describe('besideItsField: another field the API names is said as the form names it', () => {
  it('says the lengths in words (beside Max length, the minimum length)', () => {
    expect(besideItsField('variableDefinitions.0.validation.maxLength', '`maxLength` must be at least `minLength` (5).')).toBe(
      'Must be at least the minimum length (5).',
    );
    // At the start of a sentence, with a capital.
    expect(besideItsField('validation.minLength', 'Too long. `maxLength` is 3.')).toBe('Too long. The maximum length is 3.');
  });

  it('says a name the API writes without backticks too, but not a part of a longer name or path', () => {
    expect(besideItsField('projectJson.tracks.1.clips.0.trimAfter', 'trimAfter must be later than trimBefore.')).toBe(
      'Must be later than the frames skipped at start.',
    );
    expect(besideItsField('x', 'See `validation.minLength` and validation.maxLength, not minLengths.')).toBe(
      'See `validation.minLength` and validation.maxLength, not minLengths.',
    );
  });

  it('keeps a name it has no words for as the API spells it (drawn as code)', () => {
    expect(besideItsField('mappings', '`mappings` belongs to CSV mode (`csvUrl`).')).toBe('`mappings` belongs to CSV mode (`csvUrl`).');
    // A name that only looks like one in the list (an object's own key) is not one.
    expect(besideItsField('x', '`toString` must be set.')).toBe('`toString` must be set.');
  });
});

describe('besideItsField: every message ends as a sentence', () => {
  it("adds the full stop the API's generic checks leave off (libs/contracts issue-messages.ts), and no second one", () => {
    expect(besideItsField('validation.maxLength', 'Must be at least 0')).toBe('Must be at least 0.');
    expect(besideItsField('name', 'Must not be empty')).toBe('Must not be empty.');
    expect(besideItsField('quality', 'Must be one of: low, medium, high ')).toBe('Must be one of: low, medium, high.');
    expect(besideItsField('name', 'Must be at most 200 characters long.')).toBe('Must be at most 200 characters long.');
    expect(besideItsField('x', 'Unknown field `nmae`; did you mean `name`?')).toBe('Unknown field `nmae`; did you mean `name`?');
    expect(besideItsField('x', '')).toBe('');
  });

  it('gives the same words to fieldError, fieldErrors and the studio', () => {
    const bare = new ApiError({
      type: 'https://pressroom.dev/errors/validation-error',
      title: 'Validation Error',
      status: 400,
      detail: 'The request body is invalid.',
      errors: [{ field: 'projectJson.fps', message: 'Must be at most 60' }],
    });
    expect(bare.fieldError('projectJson.fps')).toBe('Must be at most 60.');
    expect(bare.fieldErrors()[0]!.message).toBe('Must be at most 60.');
    expect(messageFor(errorsUnder(bare, 'projectJson.'), 'fps')).toBe('Must be at most 60.');
  });
});

describe('one rule for what the field and the banner show', () => {
  const refusal = new ApiError({
    type: 'https://pressroom.dev/errors/validation-error',
    title: 'Validation Error',
    status: 400,
    detail: 'The request body is invalid.',
    errors: [
      { field: 'targetUrl', message: '`targetUrl` is required: the HTTPS URL that receives deliveries.' },
      { field: 'variableDefinitions.0.validation.maxLength', message: '`maxLength` must be at least `minLength` (5).' },
    ],
  });

  it('gives fieldError and fieldErrors the same words, and leaves the problem as the API sent it', () => {
    expect(refusal.fieldError('targetUrl')).toBe('Required: the HTTPS URL that receives deliveries.');
    expect(refusal.fieldError('variableDefinitions.0.validation.maxLength')).toBe('Must be at least the minimum length (5).');
    expect(refusal.fieldErrors().map((e) => e.message)).toEqual([
      'Required: the HTTPS URL that receives deliveries.',
      'Must be at least the minimum length (5).',
    ]);
    expect(refusal.problem.errors![1]!.message).toBe('`maxLength` must be at least `minLength` (5).');
  });

  it("words the timeline studio's messages beside its fields by the same rule", () => {
    const trims = new ApiError({
      type: 'https://pressroom.dev/errors/validation-error',
      title: 'Validation Error',
      status: 400,
      detail: 'The request body is invalid.',
      errors: [{ field: 'projectJson.tracks.2.clips.0.trimAfter', message: 'trimAfter must be later than trimBefore.' }],
    });
    expect(messageFor(errorsUnder(trims, clipPrefix(2, 0)), 'trimAfter')).toBe('Must be later than the frames skipped at start.');
  });
});
