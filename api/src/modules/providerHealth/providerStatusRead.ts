import type { Kysely } from 'kysely';
import { OUTSIDE_PROVIDERS, type NotificationChannel, type OutsideProvider, type ProviderStatus, type ProviderStatusList } from 'shared-contracts/schemas';
import type { Config } from '../../config';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { OUTBOUND_PROVIDERS } from '../../outbound';
import { readOutboxBacklog } from '../notifications';

/** The outbox channel each messaging provider sends. */
const CHANNEL_OF: Partial<Record<OutsideProvider, NotificationChannel>> = { zalo: 'zalo', esms: 'sms', webpush: 'push', smtp: 'email' };

export type ProviderSetupConfig = Pick<Config, 'payOs' | 'notificationChannels' | 'smtpUrl' | 'objectStorage' | 'google' | 'eInvoice'> & { carriers?: Config['carriers'] };

/** How each provider is set up on this server (the same on every instance: one configuration). */
export function providerSetup(config: ProviderSetupConfig): Record<OutsideProvider, ProviderStatus['setup']> {
  const { zalo, sms, vapid, pushStandIn } = config.notificationChannels;
  const standInOrLive = (provider: { standIn: boolean } | null) => (provider ? (provider.standIn ? 'stand-in' : 'live') : 'off');
  return {
    payos: standInOrLive(config.payOs),
    zalo: standInOrLive(zalo),
    esms: standInOrLive(sms),
    webpush: vapid ? 'live' : pushStandIn ? 'stand-in' : 'off',
    smtp: config.smtpUrl ? 'live' : 'local',
    s3: config.objectStorage ? 'live' : 'local',
    google: config.google.clientId ? 'live' : 'off',
    // The e-invoice provider E_INVOICE_PROVIDER chose (the local stand-in is none of these three).
    misa: config.eInvoice.provider === 'misa' ? 'live' : 'off',
    viettel: config.eInvoice.provider === 'viettel' ? 'live' : 'off',
    vnpt: config.eInvoice.provider === 'vnpt' ? 'live' : 'off',
    ghn: carrierSetup(config, 'GHN'),
    ghtk: carrierSetup(config, 'GHTK'),
  };
}

/** A carrier's setup: off unless CARRIERS names it; the in-process stand-ins in CARRIERS_MODE=standin. */
function carrierSetup(config: ProviderSetupConfig, carrier: 'GHN' | 'GHTK'): ProviderStatus['setup'] {
  if (!config.carriers?.enabled.includes(carrier)) return 'off';
  return config.carriers.mode === 'standin' ? 'stand-in' : 'live';
}

/**
 * Every outside provider: its setup, its breaker as the instances last recorded it (open until its pause ends:
 * 'down'; open past it: 'retrying', the next call tries it) and the messages waiting for its channel.
 */
export async function readProviderStatus(db: Kysely<Database>, config: ProviderSetupConfig, now: Date): Promise<ProviderStatusList> {
  const [rows, backlog] = await Promise.all([db.selectFrom('provider_health').selectAll().execute(), readOutboxBacklog(db)]);
  const recorded = new Map(rows.map((row) => [row.provider, row]));
  const setup = providerSetup(config);
  const providers = OUTSIDE_PROVIDERS.map((provider): ProviderStatus => {
    const row = recorded.get(provider);
    const open = row?.state === 'open';
    const openUntil = open && row.open_until !== null ? toIsoUtc(row.open_until) : null;
    const channel = CHANNEL_OF[provider];
    const waiting = channel ? (backlog.get(channel) ?? { waiting: 0, oldestSince: null }) : null;
    return {
      provider,
      name: OUTBOUND_PROVIDERS[provider],
      setup: setup[provider],
      condition: !open ? 'ok' : openUntil !== null && openUntil > now.toISOString() ? 'down' : 'retrying',
      since: open ? toIsoUtc(row.changed_at) : null,
      openUntil,
      lastError: open ? row.last_error : null,
      waiting: waiting?.waiting ?? null,
      oldestWaitingSince: waiting?.oldestSince ?? null,
    };
  });
  return { providers, checkedAt: now.toISOString() };
}
