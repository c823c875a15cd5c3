/**
 * A local stand-in of one carrier for a development API (issue 65): the same loopback stand-in the adapter tests use
 * (api/src/modules/carriers/standIns), on a fixed port of 127.0.0.1, and the environment that makes `npm start` ship
 * through it as if it were the carrier (CARRIERS_MODE=live). Without it, the API starts both stand-ins in-process.
 *
 *   npm run standin:carrier -- ghn|ghtk
 *
 * PORT overrides the port (GHN 4520, GHTK 4521); PUBLIC_URL (default http://localhost:3000) is where its webhooks go.
 * Type `<tracking code> <status>` (GHN: delivered, delivery_fail, returned …; GHTK: 3, 5, 9, 21 …) + Enter to move a
 * parcel and post its webhook; `normal`, `http500` or `hang` to make the next calls meet it; Ctrl-C stops. Orders live
 * in memory. Development only — production refuses the printed URLs and demo keys (api/src/productionSafety.ts).
 */
import { createInterface } from 'node:readline';
import { DEMO_CARRIER_KEYS } from '../api/src/config.ts';
import { carrierCallbackUrl, ghnStandIn, ghtkStandIn } from '../api/src/modules/carriers/index.ts';
import { STAND_IN_MODES, type StandInMode } from '../api/src/modules/carriers/standIns/loopbackServer.ts';

const CARRIERS = { ghn: { name: 'GHN', port: 4520 }, ghtk: { name: 'GHTK', port: 4521 } } as const;
const chosen = process.argv[2]?.toLowerCase();
if (!chosen || !(chosen in CARRIERS)) {
  console.error('Cách dùng: npm run standin:carrier -- ghn|ghtk   (PORT=<cổng> để đổi cổng)');
  process.exit(2);
}
const carrier = chosen as keyof typeof CARRIERS;
const port = Number(process.env.PORT ?? CARRIERS[carrier].port);
const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const log = (line: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`);

const callbacks = {
  mode: 'live' as const,
  enabled: [] as Array<'GHN' | 'GHTK'>,
  ghn: { apiUrl: '', token: DEMO_CARRIER_KEYS.ghnToken, shopId: DEMO_CARRIER_KEYS.ghnShopId, webhookSecret: DEMO_CARRIER_KEYS.ghnWebhookSecret },
  ghtk: { apiUrl: '', token: DEMO_CARRIER_KEYS.ghtkToken, webhookHash: DEMO_CARRIER_KEYS.ghtkWebhookHash },
};
let environment: Record<string, string>;
let move: (code: string, status: string) => Promise<number | null>;
let setMode: (mode: StandInMode) => void;
let close: () => Promise<void>;
try {
  if (carrier === 'ghn') {
    const standIn = await ghnStandIn({ port, log, account: { token: DEMO_CARRIER_KEYS.ghnToken, shopId: DEMO_CARRIER_KEYS.ghnShopId }, callbackUrl: carrierCallbackUrl(publicUrl, 'GHN', callbacks) });
    environment = { CARRIERS: 'ghn', CARRIERS_MODE: 'live', GHN_API_URL: standIn.url, GHN_TOKEN: DEMO_CARRIER_KEYS.ghnToken, GHN_SHOP_ID: String(DEMO_CARRIER_KEYS.ghnShopId), GHN_WEBHOOK_SECRET: DEMO_CARRIER_KEYS.ghnWebhookSecret };
    move = (code, status) => standIn.sendStatus(code, status);
    ({ setMode, close } = standIn);
  } else {
    const standIn = await ghtkStandIn({ port, log, token: DEMO_CARRIER_KEYS.ghtkToken, webhookHash: DEMO_CARRIER_KEYS.ghtkWebhookHash, callbackUrl: carrierCallbackUrl(publicUrl, 'GHTK', callbacks) });
    environment = { CARRIERS: 'ghtk', CARRIERS_MODE: 'live', GHTK_API_URL: standIn.url, GHTK_TOKEN: DEMO_CARRIER_KEYS.ghtkToken, GHTK_WEBHOOK_HASH: DEMO_CARRIER_KEYS.ghtkWebhookHash };
    move = (code, status) => standIn.sendStatus(code, Number(status));
    ({ setMode, close } = standIn);
  }
} catch (error) {
  console.error(`The ${CARRIERS[carrier].name} stand-in could not listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)} (set PORT to another port)`);
  process.exit(1);
}

const assignments = Object.entries(environment).map(([name, value]) => `${name}=${value}`);
console.log(`${CARRIERS[carrier].name} stand-in on ${Object.values(environment)[2]} (127.0.0.1 only; orders in memory; webhooks to ${publicUrl}).`);
console.log('\nStart the API against it (development only: production refuses these):\n');
console.log(`  ${assignments.join(' ')} npm start\n`);
if (carrier === 'ghn') console.log(`then sync GHN's ward codes from it:\n\n  ${assignments.join(' ')} npm run carriers:sync-wards\n`);
console.log(`Type "<tracking code> <status>" to move a parcel and send its webhook, or ${STAND_IN_MODES.join(', ')} for the next calls. Ctrl-C stops.\n`);

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const words = line.trim().split(/\s+/).filter(Boolean);
  if (words.length === 1 && (STAND_IN_MODES as readonly string[]).includes(words[0]!)) {
    setMode(words[0] as StandInMode);
    return console.log(`  the next calls meet: ${words[0]}`);
  }
  if (words.length !== 2) return words.length ? console.log('  ? <tracking code> <status> | normal | http500 | hang') : undefined;
  move(words[0]!, words[1]!).then(
    (answer) => console.log(`  ${words[0]} → ${words[1]}: webhook answered ${answer ?? '(no callback)'}`),
    (error: unknown) => console.log(`  ${error instanceof Error ? error.message : String(error)}`),
  );
});

async function stop(): Promise<never> {
  input.close();
  await close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
