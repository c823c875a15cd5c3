import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/createDatabase';
import { createLoyaltyWorker } from '../../src/modules/loyalty/loyaltyWorker';
import { systemClock } from '../../src/security/clock';
import { childMain } from './killAtPoints';

/**
 * A worker process of the earn-once kill test (earnOnceKill.test.ts), configured from the environment as the API is
 * (DATABASE_URL or SQLITE_FILE): prints "ready", then runs the loyalty worker's rounds one after another, printing
 * "round <json>" after each (a failed one "failed <message>": the next tries again, as the API's timer does), until
 * EXPECT_SALES sales are earned; finally "done". With UNTIL_KILLED=1 it never stops by itself: the test kills it.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = createDatabase(config);
  const expected = Number(process.env.EXPECT_SALES ?? 0);
  const worker = createLoyaltyWorker({ db, clock: systemClock });
  process.stdout.write('ready\n');
  for (;;) {
    try {
      const report = await worker.runRound();
      process.stdout.write(`round ${JSON.stringify(report)}\n`);
    } catch (error) {
      process.stdout.write(`failed ${error instanceof Error ? error.message : String(error)}\n`);
    }
    const earned = await db.selectFrom('loyalty_sales').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', '=', 'EARNED').executeTakeFirstOrThrow();
    if (Number(earned.n) >= expected && process.env.UNTIL_KILLED !== '1') break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  process.stdout.write('done\n');
  await db.destroy();
}

childMain(main);
