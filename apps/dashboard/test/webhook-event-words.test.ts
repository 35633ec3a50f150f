import { WEBHOOK_EVENTS } from '@pressroom/contracts/constants';
import { eventChoiceLabel, eventWords } from '../src/pages/webhooks/event-words.js';

test('every subscribable event has plain words of its own', () => {
  const words = WEBHOOK_EVENTS.map(eventWords);
  for (const [i, event] of WEBHOOK_EVENTS.entries()) expect(words[i]).not.toBe(event);
  expect(new Set(words).size).toBe(WEBHOOK_EVENTS.length);
});

test('a choice reads as the words, then the API name receivers match on', () => {
  expect(eventChoiceLabel('render.completed')).toBe('A render finished — render.completed');
});

test('an event this dashboard does not know yet is shown by its API name', () => {
  expect(eventWords('render.started')).toBe('render.started');
  expect(eventChoiceLabel('render.started')).toBe('render.started');
});
