import { foldVietnamese } from '../text/foldVietnamese';

/**
 * The vehicle models' reference rows (issue 66 §1), the zod-free part: labels, slugs and the key a vehicle's typed
 * brand/model is matched by. One row per brand + model + variant ('VinFast VF 8 Plus'); the base model has no
 * variant ('VinFast VF 8': what fits every VF 8).
 */

export const BATTERY_CHEMISTRIES = ['LFP', 'NMC', 'NCA', 'LEAD_ACID', 'GRAPHENE'] as const;
export type BatteryChemistry = (typeof BATTERY_CHEMISTRIES)[number];
export const BATTERY_CHEMISTRY_LABELS: Record<BatteryChemistry, string> = {
  LFP: 'Lithium sắt phốt phát (LFP)',
  NMC: 'Lithium NMC',
  NCA: 'Lithium NCA',
  LEAD_ACID: 'Ắc quy axit-chì',
  GRAPHENE: 'Ắc quy graphene',
};

/** Most rows GET /api/vehicle-models answers. */
export const VEHICLE_MODEL_LIST_MAX = 500;

/** "VinFast Feliz S", "VinFast VF 8 Plus": brand, model and (when not the base model) variant. */
export function vehicleModelLabel(model: { brand: string; model: string; variant?: string | null }): string {
  return [model.brand, model.model, model.variant ?? ''].map((part) => part.trim()).filter((part) => part !== '').join(' ');
}

/** 'vinfast-vf-8-plus': the label folded (no accents, lower case), '++' spelled out, words joined by '-'. */
export function vehicleModelSlug(model: { brand: string; model: string; variant?: string | null }): string {
  return foldVietnamese(vehicleModelLabel(model).replace(/\+\+/g, ' plus plus ')).replace(/ /g, '-');
}

/** A brand's or model's text as compared when matching: folded, spaces and punctuation dropped ('Evo 200' = 'Evo200'). */
export function vehicleModelKey(text: string): string {
  return foldVietnamese(text.replace(/\+/g, ' plus ')).replace(/ /g, '');
}

/** 'VF 8 Plus': the model's name with its variant, as a vehicle keeps it ('VF 8' for the base model). */
export function vehicleModelName(model: { model: string; variant?: string | null }): string {
  return [model.model, model.variant ?? ''].map((part) => part.trim()).filter((part) => part !== '').join(' ');
}

/** The brands of `models`, each once, in the order of the list (the API's: by brand). */
export function vehicleModelBrands(models: ReadonlyArray<{ brand: string }>): string[] {
  return [...new Set(models.map((entry) => entry.brand))];
}

/**
 * The model a typed brand and model name ('VinFast' + 'Evo 200' → VinFast Evo200; 'VF 8 Plus' → the variant; 'VF 8'
 * → the base model) among `models`, compared by `vehicleModelKey`; undefined: none. The one rule of the API (a vehicle
 * sent without `modelId`) and of the forms.
 */
export function findVehicleModelByName<M extends { brand: string; model: string; variant?: string | null }>(models: readonly M[], brand: string, modelName: string): M | undefined {
  const brandKey = vehicleModelKey(brand);
  const modelKey = vehicleModelKey(modelName);
  return models.find((entry) => vehicleModelKey(entry.brand) === brandKey && vehicleModelKey(vehicleModelName(entry)) === modelKey);
}
