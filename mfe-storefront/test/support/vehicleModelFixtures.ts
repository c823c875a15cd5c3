import type { ModelOption } from '../../src/vehicleFit';
import type { VehicleType } from 'shared-contracts/schemas';

type Row = [id: number, type: VehicleType, brand: string, model: string, variant: string | null, active?: boolean];

/**
 * GET /api/vehicle-models as the reference table ("Dòng xe") answers, in its order (brand, model, variant): the
 * table's own spellings ('Evo200'), a model an admin added ('Evo Grand', never in the older compiled list), a variant
 * ('VF 8 Plus') and a deactivated model ('Ludo').
 */
const ROWS: Row[] = [
  [3, 'car', 'BYD', 'Dolphin', null],
  [1, 'motorbike', 'Dat Bike', 'Weaver 200', null],
  [2, 'motorbike', 'Dat Bike', 'Weaver++', null],
  [10, 'scooter', 'VinFast', 'Evo Grand', null],
  [11, 'scooter', 'VinFast', 'Evo200', null],
  [12, 'scooter', 'VinFast', 'Feliz S', null],
  [13, 'scooter', 'VinFast', 'Klara S', null],
  [14, 'scooter', 'VinFast', 'Ludo', null, false],
  [20, 'car', 'VinFast', 'VF 8', null],
  [21, 'car', 'VinFast', 'VF 8', 'Plus'],
  [30, 'scooter', 'Yadea', 'G5', null],
];

export const REFERENCE_MODELS: ModelOption[] = ROWS.map(([id, type, brand, model, variant, active = true]) => ({
  id,
  type,
  brand,
  model,
  variant,
  yearFrom: 2020,
  yearTo: null,
  active,
  label: [brand, model, variant].filter(Boolean).join(' '),
}));
