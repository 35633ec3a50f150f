export * from './bus.js';
export { createBus, type CreateBusOptions } from './create-bus.js';
export { createMemoryBus, type MemoryBusOptions } from './memory/memory-bus.js';
export { createNatsBus, type NatsBusOptions } from './nats/nats-bus.js';
export { MSG_ID_HEADER } from './headers.js';
export { keepWorking } from './keep-working.js';
export { DEFAULT_GRACE_MS, RETRY_DELAYS_MS, retryDelayMs } from './delivery.js';
export { natsConnectProblem } from './connect-problem.js';
