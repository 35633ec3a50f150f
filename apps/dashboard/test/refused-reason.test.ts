import { fieldErrorsBeyondDetail } from '../src/pages/renders/refused-reason.js';

const blocked = { field: 'url', message: 'The URL http://127.0.0.1:1/ points to a loopback address and is blocked.' };

test('a field error the detail already says is not listed again under it', () => {
  expect(fieldErrorsBeyondDetail(`url: ${blocked.message}`, [blocked])).toEqual([]);
});

test('field errors the detail only sums up are all listed', () => {
  const width = { field: 'width', message: 'Expected a number from 1 to 4000.' };
  const html = { field: 'html', message: 'Send html or url.' };
  expect(fieldErrorsBeyondDetail('Check the 2 fields.', [width, html])).toEqual([width, html]);
});

test('of several field errors, only the one the detail repeats is left out', () => {
  const width = { field: 'width', message: 'Expected a number from 1 to 4000.' };
  expect(fieldErrorsBeyondDetail(`url: ${blocked.message}`, [blocked, width])).toEqual([width]);
});

test('a detail that says the message without its field leaves the field error listed, so the field is named', () => {
  expect(fieldErrorsBeyondDetail(blocked.message, [blocked])).toEqual([blocked]);
});
