import type { VehicleModelRecord, VehicleType } from 'shared-contracts/schemas';

type Row = [id: number, type: VehicleType, brand: string, model: string, variant: string | null];

/**
 * GET /api/vehicle-models as the reference table ("Dòng xe") answers, in its order (brand, model, variant): its own
 * spellings ('Evo200'), a model an admin added ('Evo Grand', never in the older compiled list) and a variant.
 */
const ROWS: Row[] = [
  [1, 'motorbike', 'Dat Bike', 'Weaver 200', null],
  [10, 'scooter', 'VinFast', 'Evo Grand', null],
  [11, 'scooter', 'VinFast', 'Evo200', null],
  [12, 'scooter', 'VinFast', 'Feliz S', null],
  [13, 'scooter', 'VinFast', 'Klara S', null],
  [20, 'car', 'VinFast', 'VF 8', null],
  [21, 'car', 'VinFast', 'VF 8', 'Plus'],
  [30, 'scooter', 'Yadea', 'G5', null],
];

export const REFERENCE_MODELS: VehicleModelRecord[] = ROWS.map(([id, type, brand, model, variant]) => ({
  id,
  slug: [brand, model, variant ?? ''].join('-').toLowerCase().replace(/ /g, '-'),
  brand,
  model,
  variant,
  type,
  yearFrom: 2020,
  yearTo: null,
  batteryKwh: null,
  batteryChemistry: null,
  active: true,
  label: [brand, model, variant].filter(Boolean).join(' '),
}));
