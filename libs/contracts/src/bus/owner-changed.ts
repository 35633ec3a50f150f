import { z } from 'zod';

/**
 * What of an owner's settings changed, naming the per-process caches that must forget it:
 * `plan` (plan, custom limits, overage), `fonts` (the asset library's fonts), `custom-storage`
 * (the owner's own bucket settings), `templates` (an edit or delete: URL renders answered from memory),
 * `webhooks` (a subscription created, updated, deleted, paused, resumed or disabled: the dispatcher's match).
 */
export const OWNER_CHANGES = ['plan', 'fonts', 'custom-storage', 'templates', 'webhooks'] as const;
export type OwnerChange = (typeof OWNER_CHANGES)[number];

/**
 * Notification `owner.changed.<ownerId>`: every gateway and renderer drops its cached copy of
 * what changed for that owner (docs/adr/0046-owner-caches-dropped-over-the-bus.md). Core
 * publish/subscribe, never stored: a process that misses it keeps its copy until the cache's TTL.
 */
export const OwnerChanged = z.object({
  ownerId: z.string().min(1),
  what: z.array(z.enum(OWNER_CHANGES)).min(1),
});
export type OwnerChanged = z.infer<typeof OwnerChanged>;
