import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InstantDefaultNow } from './instants';

/** A renamed product's earlier slug (migration 0026): the public detail answers it with a permanent redirect. */
export interface ProductSlugRedirectsTable {
  slug: string;
  product_id: number;
}

/** One field of one catalogue item changed (migration 0026): who, when, before → after as JSON text. */
export interface CatalogueChangesTable {
  id: Generated<number>;
  /** 'product' (services, packages, promotions later). */
  entity: string;
  entity_id: number;
  /** The item's version this change made. */
  version: number;
  field: string;
  before_value: string | null;
  after_value: string | null;
  actor_id: number | null;
  changed_at: InstantDefaultNow;
}

/** A product CSV apply being written (migration 0040): deleted with its journal when the apply is complete. */
export interface ProductCsvImportsTable {
  id: string;
  /** host|pid|boot of the process writing it. */
  owner: string;
  actor_id: number | null;
  /** Date.now() of its last chunk (bigint: a string on PostgreSQL). */
  alive_ms: ColumnType<number | string, number, number>;
  started_at: InstantDefaultNow;
}

/** What one chunk of an apply changed (JSON), to undo an apply a crash cut short. */
export interface ProductCsvImportJournalTable {
  id: Generated<number>;
  import_id: string;
  chunk: number;
  written: string;
}

export interface CatalogueAdminTables {
  product_slug_redirects: ProductSlugRedirectsTable;
  catalogue_changes: CatalogueChangesTable;
  product_csv_imports: ProductCsvImportsTable;
  product_csv_import_journal: ProductCsvImportJournalTable;
}

export type CatalogueChangeRow = Selectable<CatalogueChangesTable>;

/** The product columns migration 0026 adds (declared on ProductsTable). */
export interface ProductAdminColumns {
  /** 'draft' | 'published' | 'archived'; is_active is 1 exactly when published. */
  status: ColumnType<string, string | undefined, string>;
  version: ColumnType<number, number | undefined, number>;
  /** 0, 5, 8 or 10 (%). */
  vat_rate: ColumnType<number, number | undefined, number>;
  unit: ColumnType<string, string | undefined, string>;
  /** The parcel a carrier prices (NOT NULL since migration 0066; 1–100,000 g, sides 1–300 cm). */
  weight_grams: ColumnType<number, number | undefined, number>;
  length_cm: ColumnType<number, number | undefined, number>;
  width_cm: ColumnType<number, number | undefined, number>;
  height_cm: ColumnType<number, number | undefined, number>;
  sale_price: ColumnType<number | null, number | null | undefined, number | null>;
  sale_starts_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  sale_ends_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}
