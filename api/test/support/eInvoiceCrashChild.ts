import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/createDatabase';
import type { EInvoiceProvider } from '../../src/modules/eInvoices/eInvoiceProvider';
import { createEInvoiceWorker, type EInvoiceRound } from '../../src/modules/eInvoices/eInvoiceWorker';
import { standInEInvoiceProvider } from '../../src/modules/eInvoices/providers/standInEInvoice';
import { startingClock, systemClock } from '../../src/security/clock';
import { childMain, roundsUntilIdle } from './killAtPoints';
import { seededRandom } from './seededRandom';

/**
 * A worker process of the e-invoice crash test (eInvoiceCrash.test.ts), configured from the environment as the API
 * is: DATABASE_URL or SQLITE_FILE, CLOCK_START (each process starts past its predecessor's claim lease, so what a
 * killed one had claimed is due again), LATENCY_SEED. It issues every due invoice through the stand-in, with a small
 * latency before the stand-in records the invoice and after (an answer on its way: a kill then loses it), and prints
 * one line per step for the test to kill it on: "issuing <key> <attempts>", "recorded <key>", finally "done <totals>".
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = createDatabase(config);
  const clock = config.clockStart ? startingClock(config.clockStart) : systemClock;
  const latency = seededRandom(Number(process.env.LATENCY_SEED ?? 1));
  const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 2 + Math.floor(latency() * 14)));
  const standIn = standInEInvoiceProvider(db, { sellerTaxCode: config.seller.taxCode, publicUrl: config.publicUrl, now: () => clock.now() });
  const provider: EInvoiceProvider = {
    ...standIn,
    name: standIn.name,
    async issue(request, signal) {
      // The try this is (the claim counted it): the test kills on a resend to cut one off a second time.
      const row = await db.selectFrom('e_invoices').select('attempts').where('request_key', '=', request.key).executeTakeFirstOrThrow();
      process.stdout.write(`issuing ${request.key} ${row.attempts}\n`);
      await pause();
      const issued = await standIn.issue(request, signal);
      process.stdout.write(`recorded ${request.key}\n`);
      await pause();
      return issued;
    },
  };
  const worker = createEInvoiceWorker({ db, provider, config, clock });
  // Round after round until one reads and sends nothing.
  const total = await roundsUntilIdle<EInvoiceRound>(() => worker.runRound(), { events: 0, issued: 0, retried: 0, refused: 0 });
  process.stdout.write(`done ${JSON.stringify(total)}\n`);
  await db.destroy();
}

childMain(main);
