import { ApiError } from '../src/api/problem.js';
import { asSentences, formBanner } from '../src/kit/form-banner.js';
import { NEW_TIMELINE_FIELDS, refusalInDialogTerms, UNPLACED_REFUSAL } from '../src/pages/video/starter-refusal.js';
import { TIMELINE_SIDE } from '../src/pages/video/timeline-side-rule.js';

/** The API's answer as the embedded server gave it to the starter at 12001 × 720 with no name (recorded). */
const refusal = (errors: { field: string; message: string }[]) =>
  new ApiError({
    type: 'http://localhost:8791/errors/validation-error',
    title: 'Validation Error',
    status: 400,
    detail: `The request body is invalid: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}.`,
    errors,
  });
const TOO_WIDE = refusal([
  { field: 'name', message: 'Must not be empty' },
  { field: 'projectJson.width', message: 'Must be at most 3840' },
  { field: 'projectJson.width', message: 'width must be even (H.264 video needs even sizes).' },
  { field: 'projectJson.tracks.1.clips.0.style.width', message: 'Must be at most 10000' },
]);

const fields = (error: unknown) => (error as ApiError).fieldErrors();

describe('the New timeline template dialog reads a refusal in its own terms', () => {
  it('puts every distinct message of the width beside it, and no starter path anywhere', () => {
    const mapped = refusalInDialogTerms(TOO_WIDE, { width: 12001, height: 720 });
    expect(fields(mapped)).toEqual([
      { field: 'name', message: 'Must not be empty.' },
      // The headline's width follows from the width: fixing the width fixes it, so it adds nothing here.
      // The API's "width must be even" names its field; beside Width that is said once (besideItsField).
      { field: 'width', message: 'Must be at most 3840. Must be even (H.264 video needs even sizes).' },
    ]);
    expect(formBanner(mapped, { fields: NEW_TIMELINE_FIELDS })).toEqual({
      lines: ['Check the 2 highlighted fields.'],
      unshown: [],
      shown: ['Must not be empty.', 'Must be at most 3840. Must be even (H.264 video needs even sizes).'],
    });
  });

  it('gives a starter value worked out from the size to the side it came from, in plain words', () => {
    const headline = (property: string) =>
      refusal([{ field: `projectJson.tracks.1.clips.0.style.${property}`, message: 'Must be at most 10000' }]);
    expect(fields(refusalInDialogTerms(headline('width'), { width: 1280, height: 720 }))).toEqual([
      { field: 'width', message: 'The starter headline cannot be laid out this wide: choose a smaller width.' },
    ]);
    expect(fields(refusalInDialogTerms(headline('y'), { width: 1280, height: 720 }))[0]!.field).toBe('height');
    // The font follows the shorter side.
    expect(fields(refusalInDialogTerms(headline('fontSize'), { width: 1280, height: 720 }))[0]!.field).toBe('height');
    expect(fields(refusalInDialogTerms(headline('fontSize'), { width: 720, height: 1280 }))[0]!.field).toBe('width');
    // A preset has no width or height field: the Size select is what to change.
    expect(fields(refusalInDialogTerms(headline('x'), { preset: '9:16' }))).toEqual([
      { field: 'size', message: 'The starter headline cannot be laid out at this size: choose another size.' },
    ]);
  });

  it('says what no field can fix once, in a plain sentence at the top', () => {
    const mapped = refusalInDialogTerms(
      refusal([
        { field: 'projectJson.fps', message: 'Must be at most 60' },
        { field: 'projectJson.tracks.0.clips.0.color', message: 'Must not be empty' },
      ]),
      { preset: '16:9' },
    );
    expect(formBanner(mapped, { fields: NEW_TIMELINE_FIELDS })).toEqual({ lines: [], unshown: [UNPLACED_REFUSAL], shown: [] });
    expect(UNPLACED_REFUSAL).not.toMatch(/projectJson|›/);
  });

  it('passes other failures through as they are', () => {
    const conflict = new ApiError({ title: 'Conflict', status: 409, detail: 'Busy.' });
    expect(refusalInDialogTerms(conflict, { preset: '16:9' })).toBe(conflict);
  });
});

describe("a timeline's side, checked as it is typed by the project schema's own rule", () => {
  it('accepts an even whole number in range and says every broken rule at once', () => {
    expect(TIMELINE_SIDE.problem(1280, 'width')).toBeUndefined();
    expect(TIMELINE_SIDE.problem(1001, 'width')).toBe('Must be even (H.264 video needs even sizes).');
    expect(TIMELINE_SIDE.problem(4001, 'height')).toBe('Must be at most 3840. Must be even (H.264 video needs even sizes).');
    expect(TIMELINE_SIDE.problem(0, 'width')).toBe('Must be at least 2.');
    expect(TIMELINE_SIDE.problem(Number.NaN, 'width')).toBe('Must be a whole number of pixels from 2 to 3840.');
    expect(TIMELINE_SIDE).toMatchObject({ min: 2, max: 3840, step: 2 });
  });

  it('joins messages as sentences, each once', () => {
    expect(asSentences(['Must be at most 3840', 'must be even.', 'Must be at most 3840.', 'Why?'])).toBe(
      'Must be at most 3840. Must be even. Why?',
    );
  });
});
