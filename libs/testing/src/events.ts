import type { RenderCompletedEvent } from '@pressroom/contracts';

/** A `render.completed` event for a 10×10 PNG image render of the owner, stamped now: what webhook deliveries are made from. */
export function completedEvent(ownerId: string, renderId: string): RenderCompletedEvent {
  const now = new Date().toISOString();
  return {
    event: 'render.completed',
    timestamp: now,
    ownerId,
    data: {
      type: 'image',
      source: 'html',
      imageId: renderId,
      url: `https://files.example/${renderId}.png`,
      width: 10,
      height: 10,
      templateId: null,
      userId: ownerId,
      renderedAt: now,
    },
  };
}
