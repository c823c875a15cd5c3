import type { Kysely } from 'kysely';
import type { ServiceCentre } from 'shared-contracts/schemas';
import type { Database, ServiceCentreRow } from '../../db/schema';

export function toServiceCentre(row: ServiceCentreRow): ServiceCentre {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    address: row.address,
    phone: row.phone,
    email: row.email,
    openTime: row.open_time,
    closeTime: row.close_time,
    serviceBays: row.service_bays,
  };
}

/** Every service centre, in a stable order (id: the order they were opened); the online warehouse is no centre. */
export async function listServiceCentres(db: Kysely<Database>): Promise<ServiceCentre[]> {
  const rows = await db.selectFrom('service_centres').selectAll().where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute();
  return rows.map(toServiceCentre);
}

export async function findServiceCentreBySlug(db: Kysely<Database>, slug: string): Promise<ServiceCentre | null> {
  const row = await db.selectFrom('service_centres').selectAll().where('slug', '=', slug).where('kind', '=', 'SERVICE_CENTRE').executeTakeFirst();
  return row ? toServiceCentre(row) : null;
}
