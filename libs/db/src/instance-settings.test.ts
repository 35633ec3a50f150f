import { getInstanceSettings, updateInstanceSettings } from './instance-settings.js';
import { ENGINES, useDatabase } from './test-support/engines.js';

describe.each(ENGINES)('instance settings (%s)', (engine) => {
  const db = useDatabase(engine);
  const defaults = { configuredSignupMode: 'invite' as const };

  it('answers the configured sign-up mode and the free plan until the owner chooses; a change keeps the other setting', async () => {
    expect(await getInstanceSettings(db(), defaults)).toEqual({ signupMode: 'invite', newWorkspacePlan: 'free' });
    expect(await updateInstanceSettings(db(), { newWorkspacePlan: 'pro' }, defaults)).toEqual({
      signupMode: 'invite',
      newWorkspacePlan: 'pro',
    });
    expect(await updateInstanceSettings(db(), { signupMode: 'closed', newWorkspacePlan: undefined }, defaults)).toEqual({
      signupMode: 'closed',
      newWorkspacePlan: 'pro',
    });
    // A stored choice wins over whatever the configuration says now.
    expect(await getInstanceSettings(db(), { configuredSignupMode: 'open' })).toEqual({ signupMode: 'closed', newWorkspacePlan: 'pro' });
  });
});
