import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CommandSubject } from '@pressroom/contracts';
import { insertUnchargedRender, type Db } from '@pressroom/db';

/** The fields every render command carries: what the lifecycle reads, and nothing a renderer adds. */
export const RenderCommand = z.object({
  renderId: z.string(),
  accountId: z.string(),
  ownerId: z.string(),
  origin: z.string(),
  templateId: z.string().nullable(),
  output: z.object({ storageKey: z.string(), url: z.string() }),
});
export type RenderCommand = z.infer<typeof RenderCommand>;

/**
 * Command subjects on one test stream, each with a name and durable of its own (no test sees another's
 * deliveries): `defaults`, then what a call overrides.
 */
export function commandSubjects<C>(
  schema: z.ZodType<C>,
  defaults: { prefix: string; stream: string; ackWaitMs: number },
): (overrides?: Partial<CommandSubject<C>>) => CommandSubject<C> {
  let counter = 0;
  return (overrides = {}) => {
    counter += 1;
    const job = `job${counter}${Math.random().toString(36).slice(2, 6)}`;
    return {
      kind: 'command',
      name: `${defaults.prefix}.${job}`,
      subject: `${defaults.prefix}.${job}`,
      stream: defaults.stream,
      schema,
      durable: `${defaults.prefix}-${job}`,
      ackWaitMs: defaults.ackWaitMs,
      maxDeliver: 3,
      ...overrides,
    };
  };
}

/**
 * Inserts a queued `width`×`height` image render of own_1 (account acc_1), as the gateway does before it
 * publishes, and returns its command; the output goes to renders/<id>.<extension>.
 */
export async function queuedRender(
  db: Db,
  options: { width: number; height: number; extension: string; templateId?: string | null },
): Promise<RenderCommand> {
  const id = `rnd_${randomUUID()}`;
  const templateId = options.templateId ?? null;
  await insertUnchargedRender(db, {
    id,
    ownerId: 'own_1',
    accountId: 'acc_1',
    kind: 'image',
    origin: 'html',
    templateId,
    format: 'png',
    width: options.width,
    height: options.height,
  });
  const storageKey = `renders/${id}.${options.extension}`;
  return {
    renderId: id,
    accountId: 'acc_1',
    ownerId: 'own_1',
    origin: 'html',
    templateId,
    output: { storageKey, url: `https://cdn.test/${storageKey}` },
  };
}
