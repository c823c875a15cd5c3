/**
 * A local stand-in of one e-invoice provider for a development API (issue 64): the same loopback stand-in the
 * provider tests use (api/src/modules/eInvoices/standIns), on a fixed port of 127.0.0.1, and the environment that
 * makes `npm start` issue the shop's e-invoices through it.
 *
 *   npm run standin:einvoice -- misa|viettel|vnpt
 *
 * PORT overrides the port (MISA 4510, Viettel 4511, VNPT 4512). The stand-in accepts the shop's SHOP_TAX_CODE (default
 * the development seller's, DEMO_SELLER in api/src/config.ts). Type normal, http500, hang or drop (Enter) to make the
 * next publishing call meet it; Ctrl-C stops. Its invoices live in memory: a restart forgets them. Development only —
 * production refuses the printed E_INVOICE_API_URL (not https, a local address: api/src/productionSafety.ts).
 */
import { createInterface } from 'node:readline';
import { DEMO_SELLER } from '../api/src/config.ts';
import { PUBLISH_MODES, type PublishMode } from '../api/src/modules/eInvoices/standIns/loopbackStandIn.ts';
import { misaStandIn } from '../api/src/modules/eInvoices/standIns/misaStandIn.ts';
import { viettelStandIn } from '../api/src/modules/eInvoices/standIns/viettelStandIn.ts';
import { vnptStandIn } from '../api/src/modules/eInvoices/standIns/vnptStandIn.ts';

const PROVIDERS = {
  misa: { name: 'MISA meInvoice', port: 4510 },
  viettel: { name: 'Viettel S-Invoice', port: 4511 },
  vnpt: { name: 'VNPT Invoice', port: 4512 },
} as const;
type Provider = keyof typeof PROVIDERS;

const chosen = process.argv[2]?.toLowerCase();
if (!chosen || !(chosen in PROVIDERS)) {
  console.error('Cách dùng: npm run standin:einvoice -- misa|viettel|vnpt   (PORT=<cổng> để đổi cổng)');
  process.exit(2);
}
const provider = chosen as Provider;
const port = Number(process.env.PORT ?? PROVIDERS[provider].port);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(2);
}
const taxCode = process.env.SHOP_TAX_CODE?.trim() || DEMO_SELLER.taxCode;
const log = (line: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`);

async function start(): Promise<{ environment: Record<string, string>; nextPublish(mode: PublishMode): void; close(): Promise<void> }> {
  if (provider === 'misa') return misaStandIn({ port, log, account: { taxcode: taxCode } });
  if (provider === 'viettel') return viettelStandIn({ port, log, account: { supplierTaxCode: taxCode } });
  return vnptStandIn({ port, log });
}

const standIn = await start().catch((error: unknown) => {
  console.error(`The ${PROVIDERS[provider].name} stand-in could not listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)} (set PORT to another port)`);
  process.exit(1);
});

const quoted = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);
const assignments = Object.entries(standIn.environment).map(([name, value]) => `${name}=${quoted(value)}`);
console.log(`${PROVIDERS[provider].name} stand-in on ${standIn.environment.E_INVOICE_API_URL} (127.0.0.1 only; invoices in memory).`);
console.log('\nStart the API against it (development only: production refuses this E_INVOICE_API_URL):\n');
console.log(`  ${assignments.join(' ')} npm start\n`);
console.log('or export them first:\n');
for (const assignment of assignments) console.log(`  export ${assignment}`);
console.log(`\nType ${PUBLISH_MODES.join(', ')} + Enter: the next publishing call meets it (a 5xx, no answer, an invoice whose answer is lost). Ctrl-C stops.\n`);

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const mode = line.trim().toLowerCase();
  if (!mode) return;
  if (!(PUBLISH_MODES as readonly string[]).includes(mode)) return console.log(`  ? ${PUBLISH_MODES.join(' | ')}`);
  standIn.nextPublish(mode as PublishMode);
  console.log(`  the next publishing call meets: ${mode}`);
});

async function stop(): Promise<never> {
  input.close();
  await standIn.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
