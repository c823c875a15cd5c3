import type { Generated, Selectable } from 'kysely';
import type { InstantDefaultNow } from './instants';

/** A product × vehicle model (migration 0071): the years (null: open), the position and the quantity a vehicle takes. */
export interface ProductFitmentsTable {
  id: Generated<number>;
  product_id: number;
  model_id: number;
  year_from: number | null;
  year_to: number | null;
  /** 'FRONT' | 'REAR' | 'LEFT' | 'RIGHT' | null. */
  position: string | null;
  quantity_per_vehicle: Generated<number>;
  created_at: InstantDefaultNow;
}

export type ProductFitmentRow = Selectable<ProductFitmentsTable>;

export interface FitmentTables {
  product_fitments: ProductFitmentsTable;
}
