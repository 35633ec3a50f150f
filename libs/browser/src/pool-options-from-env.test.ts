import { poolOptionsFromEnv } from './pool-options-from-env.js';

describe('poolOptionsFromEnv', () => {
  it('maps the shared browser settings onto the pool options', () => {
    const env = {
      CHROMIUM_PATH: '/usr/bin/chromium',
      PRESSROOM_BROWSER_PAGES: 3,
      PRESSROOM_BROWSER_RESTART_AFTER: 50,
      PRESSROOM_BROWSER_QUEUE_LIMIT: 20,
      PRESSROOM_RENDER_TIMEOUT_MS: 9000,
      PRESSROOM_PNG_COMPRESSION: 'fast',
    };
    expect(poolOptionsFromEnv(env)).toEqual({
      executablePath: '/usr/bin/chromium',
      pages: 3,
      restartAfter: 50,
      queueLimit: 20,
      renderTimeoutMs: 9000,
    });
  });
});
