import { subscriptionName, subscriptionStatusTone, subscriptionStatusWord } from '../src/pages/webhooks/subscription-words.js';
import { formatDate } from '../src/kit/format.js';
import {
  createdWord,
  deliveryAnchor,
  deliveryStatusTone,
  deliveryStatusWord,
  lastAttemptWord,
  redeliverName,
  redeliveryWord,
  shortDeliveryId,
} from '../src/pages/webhooks/delivery-words.js';

test('a pending delivery reads "Waiting" before its first try and "Retrying" once an attempt failed', () => {
  expect(deliveryStatusWord({ status: 'pending', attempt: 0 })).toBe('Waiting');
  expect(deliveryStatusWord({ status: 'pending', attempt: 1 })).toBe('Retrying');
  expect(deliveryStatusWord({ status: 'pending', attempt: 4 })).toBe('Retrying');
});

test('the other statuses read as plain words; one the dashboard does not know is shown as the API says it', () => {
  expect(deliveryStatusWord({ status: 'sending', attempt: 1 })).toBe('Sending');
  expect(deliveryStatusWord({ status: 'delivered', attempt: 2 })).toBe('Delivered');
  expect(deliveryStatusWord({ status: 'failed', attempt: 6 })).toBe('Failed');
  expect(deliveryStatusWord({ status: 'cancelled', attempt: 0 })).toBe('Cancelled');
  expect(deliveryStatusWord({ status: 'parked', attempt: 0 })).toBe('parked');
});

test("a status's badge colour: delivered, failed, under way (sending, retrying) or waiting", () => {
  expect(deliveryStatusTone({ status: 'delivered', attempt: 1 })).toBe('good');
  expect(deliveryStatusTone({ status: 'failed', attempt: 6 })).toBe('bad');
  expect(deliveryStatusTone({ status: 'sending', attempt: 1 })).toBe('busy');
  expect(deliveryStatusTone({ status: 'pending', attempt: 2 })).toBe('busy');
  expect(deliveryStatusTone({ status: 'pending', attempt: 0 })).toBe('idle');
  expect(deliveryStatusTone({ status: 'cancelled', attempt: 0 })).toBe('idle');
});

test('the last attempt column shows when the latest outcome came, not when the delivery was created', () => {
  const lastAttemptAt = '2026-12-05T11:30:00.000Z';
  expect(lastAttemptWord({ status: 'pending', attempt: 1, lastAttemptAt })).toBe(formatDate(lastAttemptAt));
  expect(lastAttemptWord({ status: 'delivered', attempt: 2, lastAttemptAt })).toBe(formatDate(lastAttemptAt));
  // A retry in flight: the column still shows the attempt before it.
  expect(lastAttemptWord({ status: 'sending', attempt: 2, lastAttemptAt })).toBe(formatDate(lastAttemptAt));
  expect(createdWord({ createdAt: '2026-12-05T10:30:00.000Z' })).toBe(`Created ${formatDate('2026-12-05T10:30:00.000Z')}`);
});

test('without an attempt time the column says why: never tried, the first try under way, or tried before times were kept', () => {
  expect(lastAttemptWord({ status: 'pending', attempt: 0, lastAttemptAt: null })).toBe('Not tried yet');
  expect(lastAttemptWord({ status: 'cancelled', attempt: 1, lastAttemptAt: null })).toBe('Not tried yet');
  expect(lastAttemptWord({ status: 'sending', attempt: 1, lastAttemptAt: null })).toBe('Sending now');
  expect(lastAttemptWord({ status: 'pending', attempt: 2, lastAttemptAt: null })).toBe('Not recorded');
});

test('a redelivery names the delivery it sends again by a short id; other deliveries say nothing', () => {
  expect(shortDeliveryId('whd_3f7k2m9qabcdefghjkmnpqrs')).toBe('whd_3f7k2m9q');
  expect(shortDeliveryId('whd_short')).toBe('whd_short');
  expect(redeliveryWord({ redeliveryOf: 'whd_3f7k2m9qabcdefghjkmnpqrs' })).toBe('Redelivery of whd_3f7k2m9q');
  expect(redeliveryWord({ redeliveryOf: null })).toBeNull();
});

test("a delivery's Redeliver button is named by the event's words, a test marked, and its creation time", () => {
  const createdAt = '2026-12-04T10:20:00.000Z';
  expect(redeliverName({ event: 'render.completed', test: false, createdAt })).toBe(
    `Redeliver “A render finished” of ${formatDate(createdAt)}`,
  );
  expect(redeliverName({ event: 'batch.failed', test: true, createdAt })).toBe(
    `Redeliver test “Every item of a batch failed” of ${formatDate(createdAt)}`,
  );
  // An event this dashboard has no words for (a newer server) is named by its API name.
  expect(redeliverName({ event: 'render.queued', test: false, createdAt })).toBe(`Redeliver “render.queued” of ${formatDate(createdAt)}`);
});

test("a delivery's row and card have different ids, so both layouts can be linked to in one page", () => {
  expect(deliveryAnchor('whd_1', 'table')).toBe('delivery-whd_1');
  expect(deliveryAnchor('whd_1', 'cards')).toBe('delivery-card-whd_1');
});

describe("a subscription's status in words", () => {
  it('says Active, Paused or Disabled (the API’s failed), with the badge’s tone', () => {
    expect(['active', 'paused', 'failed'].map((s) => [subscriptionStatusWord(s), subscriptionStatusTone(s)])).toEqual([
      ['Active', 'good'],
      ['Paused', 'idle'],
      ['Disabled', 'bad'],
    ]);
    expect(subscriptionStatusWord('newer')).toBe('Newer');
  });
});

test('a subscription goes by its event in words and its target (not the API name a screen reader would spell out)', () => {
  expect(subscriptionName({ event: 'render.completed', targetUrl: 'https://example.com/hook' })).toBe(
    'A render finished to https://example.com/hook',
  );
  expect(subscriptionName({ event: 'render.queued', targetUrl: 'https://example.com/hook' })).toBe(
    'render.queued to https://example.com/hook',
  );
});
