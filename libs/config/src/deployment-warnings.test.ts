import { deploymentWarnings } from './deployment-warnings.js';

describe('deploymentWarnings', () => {
  it('warns when services share NATS but keep files on their own disks', () => {
    expect(deploymentWarnings({ NATS_URL: 'nats://nats:4222', PRESSROOM_STORAGE: 'disk' })).toEqual([
      expect.stringMatching(
        /^NATS_URL is set but PRESSROOM_STORAGE=disk: .* use PRESSROOM_STORAGE=nats or s3, or one volume mounted by every service/,
      ),
    ]);
  });

  it('says nothing for the embedded process on disk, or distributed services on a shared store', () => {
    expect(deploymentWarnings({ PRESSROOM_STORAGE: 'disk' })).toEqual([]);
    expect(deploymentWarnings({ NATS_URL: 'nats://nats:4222', PRESSROOM_STORAGE: 'nats' })).toEqual([]);
    expect(deploymentWarnings({ NATS_URL: 'nats://nats:4222', PRESSROOM_STORAGE: 's3' })).toEqual([]);
  });
});
