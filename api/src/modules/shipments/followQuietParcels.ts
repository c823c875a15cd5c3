import { FINAL_SHIPMENT_STATUSES, type IntegratedCarrier } from 'shared-contracts/schemas';
import { applyCarrierStatus } from './carrierWebhooks';
import type { ShipmentContext, ShipmentDeps } from './shipmentDeps';

/** Every hour, at minute 23 (Vietnam's wall clock, once across instances). */
export const PARCEL_FOLLOW_SCHEDULE = '23 * * * *';
/** A parcel not heard of for this long is asked of its carrier: a webhook may have been lost. */
export const QUIET_PARCEL_HOURS = 6;
/** The most parcels asked in one round, the longest quiet first (the rest wait for the next round). */
export const FOLLOW_BATCH = 100;

export interface FollowOutcome {
  asked: number;
  moved: number;
  /** Carriers that did not answer (time-out, 5xx): tried again next round. */
  failed: number;
}

interface Logger {
  warn: (object: Record<string, unknown>, message: string) => void;
}

/**
 * Catches up missed webhooks: each parcel still on its way whose status is older than QUIET_PARCEL_HOURS is asked of
 * its carrier (the adapter's orderStatus), and a newer status goes through the webhook's own path (applyCarrierStatus:
 * once by its key, out-of-order safe), kept with its source. A carrier's fault skips that parcel, never the round.
 */
export async function followQuietParcels(ctx: ShipmentContext, deps: ShipmentDeps, log?: Logger): Promise<FollowOutcome> {
  const quietSince = new Date(ctx.clock.now().getTime() - QUIET_PARCEL_HOURS * 3_600_000).toISOString();
  const parcels = await ctx.db
    .selectFrom('shipments')
    .select(['carrier', 'tracking_code', 'status'])
    .where('status', 'not in', [...FINAL_SHIPMENT_STATUSES])
    .where('status_at', '<', quietSince)
    .orderBy('status_at')
    .orderBy('id')
    .limit(FOLLOW_BATCH)
    .execute();
  const outcome: FollowOutcome = { asked: 0, moved: 0, failed: 0 };
  for (const parcel of parcels) {
    const carrier = parcel.carrier as IntegratedCarrier;
    const adapter = deps.carrierFor(carrier);
    if (!adapter) continue;
    outcome.asked += 1;
    try {
      const update = await adapter.orderStatus(parcel.tracking_code);
      if (!update || update.status === parcel.status) continue;
      if (await applyCarrierStatus(ctx, update, JSON.stringify({ source: 'orderStatus', ...update }))) outcome.moved += 1;
    } catch (error) {
      outcome.failed += 1;
      log?.warn({ err: error, carrier, trackingCode: parcel.tracking_code }, 'carrier did not answer a parcel follow-up');
    }
  }
  return outcome;
}
