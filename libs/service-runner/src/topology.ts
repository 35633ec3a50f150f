import { ALL_SUBJECTS, type CommandSubject, type EventSubject } from '@pressroom/contracts';

/** A subject kept in a JetStream stream: the only kind that needs a stream (and, for commands, a durable consumer) before use. */
export type StoredSubject = CommandSubject<any> | EventSubject<any>;

/**
 * What a service consumes and publishes on the bus. The runner creates the
 * streams and consumers of both before the service starts, so a producer
 * never publishes into a stream nobody created.
 */
export interface ServiceTopology {
  consumes: readonly StoredSubject[];
  publishes: readonly StoredSubject[];
}

/**
 * The stored subjects several services need, in catalog order, each once.
 * Only catalog entries count: a subject object built elsewhere (a copy that
 * could drift from the catalog's delivery settings) is refused.
 */
export function storedSubjects(...topologies: readonly ServiceTopology[]): StoredSubject[] {
  const wanted = new Set<string>();
  for (const topology of topologies) {
    for (const subject of [...topology.consumes, ...topology.publishes]) {
      if (!ALL_SUBJECTS.includes(subject)) throw new Error(`subject ${subject.name} is not the subject catalog's entry`);
      wanted.add(subject.name);
    }
  }
  return ALL_SUBJECTS.filter(
    (subject): subject is StoredSubject => wanted.has(subject.name) && subject.kind !== 'notification' && subject.kind !== 'rpc',
  );
}

/** Merges topologies (the embedded stack runs several services in one process). */
export function mergeTopologies(...topologies: readonly ServiceTopology[]): ServiceTopology {
  return { consumes: topologies.flatMap((t) => t.consumes), publishes: topologies.flatMap((t) => t.publishes) };
}
