import { registerServerChannels, serverSendsOn } from '../../../../src/modules/notifications/channels/serverChannels';
import { startAuthApp, testConfig } from '../../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../../support/testDatabases';
import { deliveriesOf, reachableCustomer, schedule } from './channelsKit';

describe('the channels the servers of this process send on', () => {
  it('count every channel while no app is registered, and the union of the apps registered', () => {
    expect(serverSendsOn('zalo')).toBe(true);
    const production = registerServerChannels(['email']);
    expect(serverSendsOn('zalo')).toBe(false);
    expect(serverSendsOn('email')).toBe(true);
    const development = registerServerChannels(['email', 'zalo', 'sms', 'push']);
    expect(serverSendsOn('zalo')).toBe(true);
    development();
    expect(serverSendsOn('sms')).toBe(false);
    production();
    expect(serverSendsOn('sms')).toBe(true);
  });
});

describe.each(productionDatabase())('a notification on a server without Zalo, SMS or Web Push, on $label', (target) => {
  const scratch = useScratchDatabase(target);

  it('is queued by email at once, not on Zalo to fail and fall back', async () => {
    const production = await startAuthApp(scratch.db, {
      config: testConfig({ nodeEnv: 'production', devOutbox: false, notificationChannels: { vapid: null, pushStandIn: false, pushPublicKey: null, zalo: null, sms: null } }),
    });
    // A customer with a phone and a verified email: Zalo comes before email in the default choices.
    const customer = await reachableCustomer(production.app, scratch.db);
    try {
      const booking = await schedule(scratch.db, customer, 'booking_confirmed', production.clock.now());
      expect((await deliveriesOf(scratch.db, booking)).map((row) => [row.channel, row.status])).toEqual([['email', 'pending']]);
    } finally {
      await production.close();
    }
    // The app closed, nothing says which channels a server sends on: Zalo first again, as the user's choices say.
    const later = await schedule(scratch.db, customer, 'booking_confirmed', new Date());
    expect((await deliveriesOf(scratch.db, later)).map((row) => row.channel)).toEqual(['zalo']);
  });
});
