/** Who asked for a render and where its file goes: known once the render's row exists. */
export interface CommandEnvelope {
  renderId: string;
  accountId: string;
  ownerId: string;
  output: { storageKey: string; url: string };
  requestedAt: string;
}

/** What every render command carries besides its own work: the envelope, and where the render comes from. */
export function envelopeFields<Origin extends string>(plan: { origin: Origin; templateId: string | null }, envelope: CommandEnvelope) {
  const { renderId, accountId, ownerId, output, requestedAt } = envelope;
  return { renderId, accountId, ownerId, origin: plan.origin, templateId: plan.templateId, output, requestedAt };
}
