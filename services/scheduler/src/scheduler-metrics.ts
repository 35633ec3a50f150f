import { getMeter } from '@pressroom/telemetry';

const meter = getMeter();

/** Renders the scheduler published, by what asked for them (`batch` item or data `binding` refresh). */
export const scheduledRenders = meter.createCounter('scheduler_renders_published', {
  description: 'Render commands published by the scheduler',
});

/** Batches that reached a final status, by status (completed, partial, failed, cancelled). */
export const finishedBatches = meter.createCounter('scheduler_batches_finished', { description: 'Batches finished by status' });
