import { apiClient, readData } from 'shared-contracts';
import type { FitmentPosition, ProductFitments, VehicleModelRecord } from 'shared-contracts/schemas';

/** A row as the editor holds it: '' for a field not chosen or typed yet (the server names what is wrong). */
export interface FitmentRowValues {
  modelId: number | '';
  yearFrom: string;
  yearTo: string;
  position: FitmentPosition | '';
  quantityPerVehicle: string;
}

/** A number once whole digits are typed, else the text as typed; '' → null (an open bound). */
const yearOf = (text: string): number | string | null => (text.trim() === '' ? null : /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : text);

/** The product's fitment rows (issue 66): GET/PUT /admin/catalogue/products/:id/fitments; the models to pick from. */
export const productFitmentsApi = {
  read: (productId: number, signal?: AbortSignal) => readData<ProductFitments>(apiClient.get(`/admin/catalogue/products/${productId}/fitments`, { signal })),
  /** The whole set, from the product's version (409: another save came first, with the rows saved now). */
  save: (productId: number, version: number, rows: readonly FitmentRowValues[]) =>
    readData<ProductFitments>(
      apiClient.put(`/admin/catalogue/products/${productId}/fitments`, {
        version,
        fitments: rows.map((row) => ({
          modelId: row.modelId === '' ? null : row.modelId,
          yearFrom: yearOf(row.yearFrom),
          yearTo: yearOf(row.yearTo),
          position: row.position === '' ? null : row.position,
          quantityPerVehicle: /^\d{1,2}$/.test(row.quantityPerVehicle.trim()) ? Number(row.quantityPerVehicle.trim()) : row.quantityPerVehicle,
        })),
      }),
    ),
  /** Every active vehicle model (the public reference list, at most 500). */
  models: (signal?: AbortSignal) => readData<{ items: VehicleModelRecord[] }>(apiClient.get('/vehicle-models', { signal })).then((data) => data.items),
};

/** The editor's rows of a saved set. */
export function fitmentRowsOf(fitments: ProductFitments['fitments']): FitmentRowValues[] {
  return fitments.map((row) => ({
    modelId: row.modelId,
    yearFrom: row.yearFrom === null ? '' : String(row.yearFrom),
    yearTo: row.yearTo === null ? '' : String(row.yearTo),
    position: row.position ?? '',
    quantityPerVehicle: String(row.quantityPerVehicle),
  }));
}

export const EMPTY_FITMENT_ROW: FitmentRowValues = { modelId: '', yearFrom: '', yearTo: '', position: '', quantityPerVehicle: '1' };
