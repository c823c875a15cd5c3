import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Warranty (issue 66 §5, decision 0069):
 * - service_order_lines.payer: CUSTOMER | WARRANTY | GOODWILL (existing lines: the customer's); a covered line keeps
 *   its worth and is left out of what the customer pays;
 * - service_invoices.warranty_covered / goodwill_covered: the worth of the covered lines, frozen with the invoice;
 * - warranty_claims: one per invoiced order with warranty lines, to the vehicle's manufacturer, with the vehicle as it
 *   was (label, plate, VIN, odometer), the parts and labour claimed, the manufacturer's answer and the money it paid
 *   (amount, method, reference, who, when): DRAFT → SUBMITTED → APPROVED | REJECTED, APPROVED → CREDITED; `version`
 *   guards every edit;
 * - warranty_claim_lines: the claimed lines as they were invoiced; warranty_claim_photos: the checklist photos sent;
 *   warranty_claim_history: every move, by whom, with its note.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .alterTable('service_order_lines')
    .addColumn('payer', 'varchar(10)', (col) => col.notNull().defaultTo('CUSTOMER').check(sql`payer in ('CUSTOMER', 'WARRANTY', 'GOODWILL')`))
    .execute();
  for (const name of ['warranty_covered', 'goodwill_covered']) {
    await db.schema
      .alterTable('service_invoices')
      .addColumn(name, 'integer', (col) => col.notNull().defaultTo(0).check(sql`${sql.ref(name)} >= 0`))
      .execute();
  }

  let claims = addIdColumn(db.schema.createTable('warranty_claims'), dialect)
    .addColumn('code', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('service_order_id', 'integer', (col) => col.notNull().unique().references('service_orders.id'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id'))
    .addColumn('vehicle_id', 'integer', (col) => col.references('vehicles.id'))
    .addColumn('manufacturer', 'varchar(80)', (col) => col.notNull())
    .addColumn('vehicle_label', 'varchar(160)', (col) => col.notNull())
    .addColumn('license_plate', 'varchar(20)', (col) => col.notNull())
    .addColumn('vin', 'varchar(17)')
    .addColumn('odometer_km', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(12)', (col) => col.notNull().defaultTo('DRAFT'))
    .addColumn('parts_amount', 'integer', (col) => col.notNull())
    .addColumn('labour_amount', 'integer', (col) => col.notNull())
    .addColumn('claimed_amount', 'integer', (col) => col.notNull())
    .addColumn('approved_amount', 'integer')
    .addColumn('manufacturer_reference', 'varchar(60)')
    .addColumn('rejection_reason', 'varchar(500)')
    .addColumn('credited_amount', 'integer')
    .addColumn('credit_method', 'varchar(20)')
    .addColumn('credit_reference', 'varchar(60)')
    .addColumn('credited_by', 'integer', (col) => col.references('users.id'))
    .addColumn('failure_note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1));
  claims = addTimestampColumn(claims, 'created_at', dialect, { defaultNow: true });
  for (const name of ['submitted_at', 'decided_at', 'credited_at']) claims = addTimestampColumn(claims, name, dialect, { nullable: true });
  claims = addTimestampColumn(claims, 'updated_at', dialect, { defaultNow: true })
    .addCheckConstraint('warranty_claims_status_known', sql`status in ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'CREDITED')`)
    .addCheckConstraint('warranty_claims_amounts', sql`parts_amount >= 0 and labour_amount >= 0 and claimed_amount = parts_amount + labour_amount`)
    .addCheckConstraint('warranty_claims_approved', sql`approved_amount is null or (approved_amount > 0 and approved_amount <= claimed_amount)`)
    .addCheckConstraint('warranty_claims_credited', sql`credited_amount is null or (credited_amount > 0 and approved_amount is not null and credited_amount <= approved_amount)`)
    .addCheckConstraint('warranty_claims_credit_method', sql`credit_method is null or credit_method in ('BANK_TRANSFER', 'CREDIT_NOTE')`);
  await claims.execute();
  await db.schema.createIndex('warranty_claims_centre_status_idx').on('warranty_claims').columns(['centre_id', 'status']).execute();
  await db.schema.createIndex('warranty_claims_submitted_idx').on('warranty_claims').columns(['submitted_at']).execute();

  await addIdColumn(db.schema.createTable('warranty_claim_lines'), dialect)
    .addColumn('claim_id', 'integer', (col) => col.notNull().references('warranty_claims.id'))
    .addColumn('service_order_line_id', 'integer', (col) => col.notNull().unique().references('service_order_lines.id'))
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_price', 'integer', (col) => col.notNull())
    .addColumn('line_total', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('warranty_claim_lines_claim_idx').on('warranty_claim_lines').column('claim_id').execute();

  await db.schema
    .createTable('warranty_claim_photos')
    .addColumn('claim_id', 'integer', (col) => col.notNull().references('warranty_claims.id'))
    .addColumn('photo_id', 'integer', (col) => col.notNull().references('checklist_photos.id'))
    .addPrimaryKeyConstraint('warranty_claim_photos_pkey', ['claim_id', 'photo_id'])
    .execute();

  let history = addIdColumn(db.schema.createTable('warranty_claim_history'), dialect)
    .addColumn('claim_id', 'integer', (col) => col.notNull().references('warranty_claims.id'))
    .addColumn('from_status', 'varchar(12)')
    .addColumn('to_status', 'varchar(12)', (col) => col.notNull())
    .addColumn('changed_by', 'integer', (col) => col.references('users.id'))
    .addColumn('note', 'varchar(600)');
  history = addTimestampColumn(history, 'created_at', dialect, { defaultNow: true });
  await history.execute();
  await db.schema.createIndex('warranty_claim_history_claim_idx').on('warranty_claim_history').column('claim_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('warranty_claim_history').ifExists().execute();
  await db.schema.dropTable('warranty_claim_photos').ifExists().execute();
  await db.schema.dropTable('warranty_claim_lines').ifExists().execute();
  await db.schema.dropTable('warranty_claims').ifExists().execute();
  await db.schema.alterTable('service_invoices').dropColumn('goodwill_covered').execute();
  await db.schema.alterTable('service_invoices').dropColumn('warranty_covered').execute();
  await db.schema.alterTable('service_order_lines').dropColumn('payer').execute();
}
