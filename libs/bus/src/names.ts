/**
 * Namespacing: several deployments (or test suites) can share one NATS
 * server. Subjects get a `<namespace>.` prefix and streams a `<namespace>_`
 * prefix; durable consumer names live inside their stream and need none.
 */
export interface Names {
  subject(subject: string): string;
  stream(stream: string): string;
  /** The catalog subject of a namespaced one. */
  strip(subject: string): string;
}

const TOKEN = /^[A-Za-z0-9_-]+$/;

export function createNames(namespace = ''): Names {
  if (namespace && !TOKEN.test(namespace)) {
    throw new Error(`bus namespace "${namespace}" must match ${TOKEN}`);
  }
  const prefix = namespace ? `${namespace}.` : '';
  return {
    subject: (subject) => `${prefix}${subject}`,
    stream: (stream) => (namespace ? `${namespace}_${stream}` : stream),
    strip: (subject) => (prefix && subject.startsWith(prefix) ? subject.slice(prefix.length) : subject),
  };
}

/** The durable consumer of one event subscriber group: `<group>__<subject with _ for .>`. */
export function eventDurable(group: string, subject: string): string {
  if (!TOKEN.test(group)) throw new Error(`event group "${group}" must match ${TOKEN}`);
  return `${group}__${subject.replace(/[.*>]/g, '_')}`;
}

/** A notification key is one subject token (listeners may use `*`). */
export function checkKey(key: string, allowWildcard: boolean): void {
  if (allowWildcard && key === '*') return;
  if (!key || /[\s.*>]/.test(key)) throw new Error(`notification key "${key}" must be one subject token`);
}
