import { createLogger } from '@pressroom/telemetry';
import { healthTransitions } from './health-transitions.js';

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ service: 'transitions-test', destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
  return { logger, lines };
}

describe('healthTransitions', () => {
  it('logs a component once when it stops being ok (with its reason) and once when it is back, not at every probe', () => {
    const { logger, lines } = capturingLogger();
    const probe = healthTransitions(logger);
    const down = { ok: false, kind: 's3', reason: 'bucket renders: NoSuchBucket (HTTP 404): The specified bucket does not exist' };
    probe({ bus: { ok: true }, storage: { ok: true, kind: 's3' } });
    probe({ bus: { ok: true }, storage: down });
    probe({ bus: { ok: true }, storage: down });
    probe({ bus: { ok: true }, storage: { ok: true, kind: 's3' } });
    probe({ bus: { ok: true }, storage: { ok: true, kind: 's3' } });
    expect(lines.map(({ level, msg, component, reason }) => ({ level, msg, component, reason }))).toEqual([
      { level: 40, msg: 'storage is not ready', component: 'storage', reason: down.reason },
      { level: 30, msg: 'storage is ready again', component: 'storage', reason: undefined },
    ]);
  });

  it('logs a dependency that is down from the first probe, and returns what it was given', () => {
    const { logger, lines } = capturingLogger();
    const components = { bus: { ok: false, transport: 'nats' } };
    expect(healthTransitions(logger)(components)).toBe(components);
    expect(lines).toMatchObject([{ level: 40, msg: 'bus is not ready', component: 'bus', transport: 'nats' }]);
  });
});
