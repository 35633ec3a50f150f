import { shutdownReadiness } from './shutdown-readiness.js';

describe('shutdownReadiness', () => {
  it('adds nothing to the health report until the stop begins, then a shutdown component that is not ok', () => {
    const readiness = shutdownReadiness();
    expect(readiness.health()).toEqual({});
    readiness.begin();
    expect(readiness.health()).toEqual({ shutdown: { ok: false, draining: true } });
  });
});
