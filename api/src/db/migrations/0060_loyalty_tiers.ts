import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Members' tiers (issue 67 §3): the tiers' rules (loyalty_tier_rules: per change one row, never updated — minimum
 * spend over 12 months and points multiplier of Bạc, Vàng, Kim cương), each member's tier as the daily review left it
 * (member_tiers; no row: Thành viên) and its changes (loyalty_tier_changes), the tier a sale earned under
 * (loyalty_sales.tier) and a promotion's minimum tier (promotions.min_tier).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let rules = addIdColumn(db.schema.createTable('loyalty_tier_rules'), dialect)
    .addColumn('silver_min_spend', 'bigint', (col) => col.notNull())
    .addColumn('gold_min_spend', 'bigint', (col) => col.notNull())
    .addColumn('diamond_min_spend', 'bigint', (col) => col.notNull())
    .addColumn('silver_multiplier', 'integer', (col) => col.notNull())
    .addColumn('gold_multiplier', 'integer', (col) => col.notNull())
    .addColumn('diamond_multiplier', 'integer', (col) => col.notNull())
    .addColumn('changed_by', 'integer', (col) => col.references('users.id'));
  rules = addTimestampColumn(rules, 'effective_from', dialect);
  rules = addTimestampColumn(rules, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('loyalty_tier_rules_increasing', sql`silver_min_spend > 0 and gold_min_spend > silver_min_spend and diamond_min_spend > gold_min_spend`)
    .addCheckConstraint(
      'loyalty_tier_rules_multipliers',
      sql`silver_multiplier between 100 and 300 and gold_multiplier between 100 and 300 and diamond_multiplier between 100 and 300`,
    );
  await rules.execute();
  await db.schema.createIndex('loyalty_tier_rules_effective_idx').on('loyalty_tier_rules').column('effective_from').execute();
  // The shop's first tiers: Bạc from 5.000.000 ₫ ×1,1; Vàng from 20.000.000 ₫ (the former VIP rule) ×1,25; Kim cương from 50.000.000 ₫ ×1,5.
  await db
    .insertInto('loyalty_tier_rules')
    .values({ silver_min_spend: 5_000_000, gold_min_spend: 20_000_000, diamond_min_spend: 50_000_000, silver_multiplier: 110, gold_multiplier: 125, diamond_multiplier: 150, effective_from: '2000-01-01T00:00:00.000Z' })
    .execute();

  let tiers = db.schema
    .createTable('member_tiers')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id'))
    .addColumn('tier', 'varchar(10)', (col) => col.notNull())
    .addColumn('spend_12m', 'bigint', (col) => col.notNull());
  tiers = addTimestampColumn(tiers, 'reviewed_at', dialect);
  tiers = addTimestampColumn(tiers, 'tier_since', dialect).addCheckConstraint('member_tiers_tier', sql`tier in ('MEMBER', 'SILVER', 'GOLD', 'DIAMOND')`);
  await tiers.execute();

  let changes = addIdColumn(db.schema.createTable('loyalty_tier_changes'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('from_tier', 'varchar(10)', (col) => col.notNull())
    .addColumn('to_tier', 'varchar(10)', (col) => col.notNull())
    .addColumn('spend_12m', 'bigint', (col) => col.notNull());
  changes = addTimestampColumn(changes, 'changed_at', dialect);
  await changes.execute();
  await db.schema.createIndex('loyalty_tier_changes_user_idx').on('loyalty_tier_changes').columns(['user_id', 'id']).execute();

  // The review sums a batch of members' sales of the last 12 months.
  await db.schema.createIndex('loyalty_sales_user_paid_idx').on('loyalty_sales').columns(['user_id', 'paid_at']).execute();
  await db.schema.alterTable('loyalty_sales').addColumn('tier', 'varchar(10)').execute();
  await db.schema.alterTable('promotions').addColumn('min_tier', 'varchar(10)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('promotions').dropColumn('min_tier').execute();
  await db.schema.alterTable('loyalty_sales').dropColumn('tier').execute();
  await db.schema.dropIndex('loyalty_sales_user_paid_idx').ifExists().execute();
  await db.schema.dropTable('loyalty_tier_changes').ifExists().execute();
  await db.schema.dropTable('member_tiers').ifExists().execute();
  await db.schema.dropTable('loyalty_tier_rules').ifExists().execute();
}
