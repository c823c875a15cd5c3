/**
 * `npm run carriers:sync-wards`: fills carrier_ward_codes (migration 0067) with GHN's codes of every official ward,
 * from GHN's master data matched by province and ward name (api/src/modules/carriers/carrierWardCodes.ts), on the
 * database the API uses (DATABASE_URL, else SQLITE_FILE / data/ev-shop.sqlite). With GHN_TOKEN set (CARRIERS_MODE=live)
 * it asks GHN_API_URL; in the stand-in mode (development's default) it asks a GHN stand-in started here, as the API
 * does at its first quote. Prints the counts and a few unmatched names; exit code 1 when nothing matched.
 */
import { loadConfig, describeDatabase } from '../../api/src/config.ts';
import { createDatabase } from '../../api/src/db/createDatabase.ts';
import { ghnStandIn, syncCarrierWardCodes } from '../../api/src/modules/carriers/index.ts';

const config = loadConfig();
const ghn = config.carriers.ghn;
if (!ghn) {
  console.error('GHN is not enabled (CARRIERS): nothing to sync. Set CARRIERS=ghn with GHN_TOKEN, GHN_SHOP_ID and GHN_WEBHOOK_SECRET.');
  process.exit(2);
}
const db = createDatabase(config);
const standIn = config.carriers.mode === 'standin' ? await ghnStandIn({ account: { token: ghn.token, shopId: ghn.shopId } }) : null;
const source = standIn ? `the GHN stand-in (${standIn.url})` : ghn.apiUrl;
try {
  console.log(`Syncing GHN's ward codes from ${source} into ${describeDatabase(config)} …`);
  const started = Date.now();
  const sync = await syncCarrierWardCodes(db, { baseUrl: standIn?.url ?? ghn.apiUrl, token: ghn.token });
  console.log(`${sync.matched} wards matched, ${sync.unmatchedCarrierWards} of GHN's wards matched none, ${sync.wardsWithoutCode} official wards without a GHN code (${Date.now() - started} ms).`);
  for (const example of sync.examples) console.log(`  unmatched: ${example}`);
  process.exitCode = sync.matched > 0 ? 0 : 1;
} catch (error) {
  console.error(`The sync failed: ${error instanceof Error ? error.message : String(error)} (is the database migrated? npm start migrates it)`);
  process.exitCode = 1;
} finally {
  await standIn?.close();
  await db.destroy();
}
