/**
 * What this wait reads of a JetStream stream: the shape of `JetStreamManager.streams.info` from
 * @nats-io/jetstream, written out here so contracts (the lowest lib both @pressroom/bus and
 * @pressroom/storage depend on) need not depend on the NATS client.
 */
export interface StreamInfoSource {
  streams: {
    info(stream: string): Promise<{ cluster?: { leader?: string; replicas?: ReadonlyArray<{ current: boolean }> } }>;
  };
}

export interface StreamReplicasCaughtUpOptions {
  jsm: StreamInfoSource;
  /** The stream's name (an object store bucket's is `OBJ_<bucket>`). */
  stream: string;
  /** The replica count the stream was just given. */
  replicas: number;
}

/** How long a stream whose replica count was just changed may take to copy its messages over before the start fails. */
export const STREAM_REPLICAS_CATCH_UP_MS = 60_000;
const POLL_MS = 200;

/**
 * Resolves once a stream whose replica count was just changed has a leader and every other copy is current.
 * Meanwhile the stream elects a leader and its new copies catch up, and publishes and reads find no responder,
 * so the bus topology and the NATS object store both wait here before using the stream. Throws after
 * STREAM_REPLICAS_CATCH_UP_MS.
 */
export async function streamReplicasCaughtUp({ jsm, stream, replicas }: StreamReplicasCaughtUpOptions): Promise<void> {
  for (let waited = 0; ; waited += POLL_MS) {
    const { cluster } = await jsm.streams.info(stream);
    const copies = cluster?.replicas ?? [];
    if (cluster?.leader && copies.length === replicas - 1 && copies.every((copy) => copy.current)) return;
    if (waited >= STREAM_REPLICAS_CATCH_UP_MS)
      throw new Error(`its ${replicas} replicas did not catch up within ${STREAM_REPLICAS_CATCH_UP_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
