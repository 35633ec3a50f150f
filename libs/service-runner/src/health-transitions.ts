import type { ComponentHealth, Logger } from '@pressroom/telemetry';

/**
 * Logs each component's readiness once per change, as the probes see it: a warning with the component's
 * details (a storage check's `reason`) when it stops being ok, a line when it is ok again. Every probe
 * (/readyz every few seconds) passes through here; only the changes are logged. Components start as ok,
 * so a dependency that is down from the start is logged at the first probe.
 */
export function healthTransitions(logger: Logger): (components: Record<string, ComponentHealth>) => Record<string, ComponentHealth> {
  const last = new Map<string, boolean>();
  return (components) => {
    for (const [name, health] of Object.entries(components)) {
      if ((last.get(name) ?? true) === health.ok) {
        last.set(name, health.ok);
        continue;
      }
      last.set(name, health.ok);
      if (health.ok) logger.info({ component: name, ...health }, `${name} is ready again`);
      else logger.warn({ component: name, ...health }, `${name} is not ready`);
    }
    return components;
  };
}
