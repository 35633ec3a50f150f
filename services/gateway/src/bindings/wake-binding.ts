import type { Bus } from '@pressroom/bus';
import { CATALOG } from '@pressroom/contracts';

/**
 * Tells the schedulers a binding is due now. Best effort: their poll finds it anyway, only later
 * (it slows down to 8 × PRESSROOM_BINDING_POLL_MS while nothing is due; ADR 0053).
 */
export async function wakeBinding(bus: Pick<Bus, 'notify'>, uid: string): Promise<void> {
  await bus.notify(CATALOG.bindingWake, uid, { bindingId: uid }).catch(() => undefined);
}
