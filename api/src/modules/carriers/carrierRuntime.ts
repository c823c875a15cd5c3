import type { Kysely } from 'kysely';
import { GHN_STATUS_MAP, GHTK_STATUS_MAP, type IntegratedCarrier, type ShipmentStatus } from 'shared-contracts/schemas';
import type { CarriersConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { ghnAdapter } from './adapters/ghnAdapter';
import { ghtkAdapter } from './adapters/ghtkAdapter';
import type { CarrierAdapter } from './carrierAdapter';
import { ghnWardCodeReader, hasGhnWardCodes, syncCarrierWardCodes } from './carrierWardCodes';
import { ghnStandIn, type GhnStandIn } from './standIns/ghnStandIn';
import { ghtkStandIn, type GhtkStandIn } from './standIns/ghtkStandIn';

/** Where each carrier posts its webhooks on our API (the shipments module's routes); GHN's URL carries our secret. */
export function carrierCallbackUrl(origin: string, carrier: IntegratedCarrier, config: CarriersConfig): string {
  if (carrier === 'GHN') return `${origin}/api/webhooks/carriers/ghn?key=${encodeURIComponent(config.ghn?.webhookSecret ?? '')}`;
  return `${origin}/api/webhooks/carriers/ghtk`;
}

export interface CarrierRuntime {
  adapters: CarrierAdapter[];
  /** Our API's origin for the stand-ins' webhooks (the listening address once known). */
  setCallbackOrigin(origin: string): void;
  /** Stand-in mode only: moves a parcel at the stand-in and posts its webhook; the HTTP status our API answered. */
  sendStandInStatus(carrier: IntegratedCarrier, trackingCode: string, status: string): Promise<number | null>;
  readonly standIn: boolean;
  /** Stand-in mode: starts the stand-ins (and syncs GHN's ward codes) now rather than at the first quote. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

/** A carrier status or the shop's ('DELIVERED') → the carrier's own (GHN 'delivered', GHTK '5'); null when unknown. */
export function carrierStatusOf(carrier: IntegratedCarrier, status: string): string | null {
  const map: Readonly<Record<string, ShipmentStatus>> = carrier === 'GHN' ? GHN_STATUS_MAP : GHTK_STATUS_MAP;
  if (status in map) return status;
  const lower = status.toLowerCase();
  if (carrier === 'GHN' && lower in map) return lower;
  return Object.keys(map).find((key) => map[key] === status.toUpperCase()) ?? null;
}

/**
 * The adapters CARRIERS enables. In CARRIERS_MODE=standin both stand-ins start on loopback ports at first use (a
 * request that needs a carrier), GHN's ward codes synced against the stand-in's master data if none are stored; their
 * webhooks go to our own API.
 */
export function createCarrierRuntime({ db, config, publicUrl, clock }: { db: Kysely<Database>; config: CarriersConfig; publicUrl: string; clock: Clock }): CarrierRuntime {
  const readWardCode = ghnWardCodeReader(db);
  if (config.mode === 'live') {
    const adapters: CarrierAdapter[] = [];
    for (const carrier of config.enabled) {
      if (carrier === 'GHN' && config.ghn) adapters.push(ghnAdapter({ baseUrl: config.ghn.apiUrl, token: config.ghn.token, shopId: config.ghn.shopId, webhookSecret: config.ghn.webhookSecret }, { wardCodeOf: readWardCode }));
      if (carrier === 'GHTK' && config.ghtk) adapters.push(ghtkAdapter({ baseUrl: config.ghtk.apiUrl, token: config.ghtk.token, webhookHash: config.ghtk.webhookHash }));
    }
    return { adapters, standIn: false, warmUp: async () => undefined, setCallbackOrigin: () => undefined, sendStandInStatus: async () => null, close: async () => undefined };
  }

  let origin = publicUrl;
  let started: Promise<{ ghn: GhnStandIn; ghtk: GhtkStandIn; adapters: Map<IntegratedCarrier, CarrierAdapter> }> | null = null;
  const ghn = config.ghn!;
  const ghtk = config.ghtk!;
  function start() {
    started ??= (async () => {
      const [ghnServer, ghtkServer] = await Promise.all([
        // The stand-ins live on the API's clock (CLOCK_START shifts it in demos and tests), so their events follow ours.
        ghnStandIn({ account: { token: ghn.token, shopId: ghn.shopId }, callbackUrl: carrierCallbackUrl(origin, 'GHN', config), now: () => clock.now() }),
        ghtkStandIn({ token: ghtk.token, webhookHash: ghtk.webhookHash, callbackUrl: carrierCallbackUrl(origin, 'GHTK', config), now: () => clock.now() }),
      ]);
      if (!(await hasGhnWardCodes(db))) await syncCarrierWardCodes(db, { baseUrl: ghnServer.url, token: ghn.token });
      const adapters = new Map<IntegratedCarrier, CarrierAdapter>([
        ['GHN', ghnAdapter({ baseUrl: ghnServer.url, token: ghn.token, shopId: ghn.shopId, webhookSecret: ghn.webhookSecret }, { wardCodeOf: readWardCode })],
        ['GHTK', ghtkAdapter({ baseUrl: ghtkServer.url, token: ghtk.token, webhookHash: ghtk.webhookHash })],
      ]);
      return { ghn: ghnServer, ghtk: ghtkServer, adapters };
    })();
    started.catch(() => (started = null)); // a failed start is tried again by the next call
    return started;
  }
  // Webhooks are verified and parsed without a call: an adapter on the stand-in's credentials does it before any start.
  const offline = new Map<IntegratedCarrier, CarrierAdapter>([
    ['GHN', ghnAdapter({ baseUrl: 'http://127.0.0.1:9', token: ghn.token, shopId: ghn.shopId, webhookSecret: ghn.webhookSecret }, { wardCodeOf: readWardCode })],
    ['GHTK', ghtkAdapter({ baseUrl: 'http://127.0.0.1:9', token: ghtk.token, webhookHash: ghtk.webhookHash })],
  ]);
  const lazy = (carrier: IntegratedCarrier): CarrierAdapter => {
    const live = async () => (await start()).adapters.get(carrier)!;
    const sync = offline.get(carrier)!;
    return {
      carrier,
      quote: async (request) => (await live()).quote(request),
      createOrder: async (request) => (await live()).createOrder(request),
      cancelOrder: async (code) => (await live()).cancelOrder(code),
      labelUrl: async (codes, size) => (await live()).labelUrl(codes, size),
      labelPdf: async (code, size) => {
        const adapter = await live();
        if (!adapter.labelPdf) throw new Error(`${carrier} prints no PDF label`);
        return adapter.labelPdf(code, size);
      },
      orderStatus: async (code) => (await live()).orderStatus(code),
      verifyWebhook: (request) => sync.verifyWebhook(request),
      parseWebhook: (request) => sync.parseWebhook(request),
    };
  };
  const adapters = config.enabled.map(lazy);
  // GHN prints through a page, not a PDF: its lazy adapter offers none.
  for (const adapter of adapters) if (adapter.carrier === 'GHN') delete adapter.labelPdf;
  return {
    adapters,
    standIn: true,
    async warmUp() {
      await start();
    },
    setCallbackOrigin(next) {
      origin = next;
      void started?.then(({ ghn: ghnServer, ghtk: ghtkServer }) => {
        ghnServer.setCallbackUrl(carrierCallbackUrl(origin, 'GHN', config));
        ghtkServer.setCallbackUrl(carrierCallbackUrl(origin, 'GHTK', config));
      });
    },
    async sendStandInStatus(carrier, trackingCode, status) {
      const servers = await start();
      const carrierStatus = carrierStatusOf(carrier, status);
      if (carrierStatus === null) throw new RangeError(`unknown status ${status}`);
      if (carrier === 'GHN') return servers.ghn.sendStatus(trackingCode, carrierStatus);
      return servers.ghtk.sendStatus(trackingCode, Number(carrierStatus));
    },
    async close() {
      const servers = await started?.catch(() => null);
      started = null;
      if (servers) await Promise.all([servers.ghn.close(), servers.ghtk.close()]);
    },
  };
}
