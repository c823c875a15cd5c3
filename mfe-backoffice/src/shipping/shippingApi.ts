import { ApiError, apiClient, defaultApiBase, messages, readData, sessionStore } from 'shared-contracts';
import { apiFiles } from 'shared-contracts/files';
import type { CreateShipmentInput, LabelSize, PickupList, ShipmentView, ShippingOption } from 'shared-contracts/schemas';

/** The carriers' live quote for an order at the desk (`fallback`: no carrier answered in time, the flat fee stands). */
export interface DeskShippingOptions {
  options: ShippingOption[];
  fallback: boolean;
}

// the labels' PDF is asked for by a POST with the session's token (shared-contracts/files)
const files = apiFiles({ ApiError, apiClient, defaultApiBase, messages, sessionStore });
const orderPath = (code: string) => `/staff/web-orders/${encodeURIComponent(code)}`;

/** The shipping desk's calls: the waybill of a web order, its cancellation, the labels and the day's pickups. */
export const shippingApi = {
  options: (code: string, signal?: AbortSignal) => readData<DeskShippingOptions>(apiClient.get(`${orderPath(code)}/shipping-options`, { signal })),
  create: (code: string, input: CreateShipmentInput) => readData<ShipmentView>(apiClient.post(`${orderPath(code)}/shipment`, input)),
  cancel: (id: number) => readData<ShipmentView>(apiClient.post(`/staff/shipments/${id}/cancel`, {})),
  pickups: (date: string, signal?: AbortSignal) => readData<PickupList>(apiClient.get(`/staff/shipments/pickups?${new URLSearchParams({ date }).toString()}`, { signal })),
  /** Opens one PDF of the labels in a new tab (opened at the click, so no pop-up blocker stops it). */
  openLabels: (shipmentIds: number[], size: LabelSize) => files.openApiFile('/staff/shipments/labels', { shipmentIds, size }),
};
