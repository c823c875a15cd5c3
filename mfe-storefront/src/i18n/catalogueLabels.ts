import { VEHICLE_TYPE_LABELS } from 'shared-contracts/labels';
import type { VehicleType } from 'shared-contracts/schemas';

// The enumerations' labels are shared-contracts' (zod-free subpath).
export { PRODUCT_SORT_LABELS, PROMOTION_KIND_LABELS, SERVICE_KIND_LABELS, SERVICE_TIER_LABELS, VEHICLE_TYPE_LABELS } from 'shared-contracts/labels';

export function vehicleTypesText(types: readonly VehicleType[]): string {
  return types.map((type) => VEHICLE_TYPE_LABELS[type]).join(', ');
}
