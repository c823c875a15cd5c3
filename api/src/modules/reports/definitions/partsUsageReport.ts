import { isoOrNull, nextKeyset, withCentre, type ReportDefinition } from '../reportDefinition';
import { countMovements, kindLabel, movementPage } from './stockMovementsReport';

const USAGE = ['ISSUE', 'RETURN'] as const;

/**
 * Phụ tùng đã dùng: each part issued to an order or returned from it in the range (spec §8 'Parts usage': ISSUE −
 * RETURN), the quantity used positive for an issue and negative for a return, valued at the parts request's price
 * (the product's price when the movement has no request), so that the column sums give the KPI.
 */
export const partsUsageReport: ReportDefinition = {
  name: 'parts-usage',
  columns: (allCentres) =>
    withCentre(allCentres, [
      { key: 'at', label: 'Thời điểm', kind: 'datetime' },
      { key: 'kind', label: 'Loại', kind: 'text' },
      { key: 'serviceOrderCode', label: 'Mã phiếu', kind: 'text' },
      { key: 'licensePlate', label: 'Biển số', kind: 'text' },
      { key: 'sku', label: 'Mã phụ tùng', kind: 'text' },
      { key: 'product', label: 'Tên phụ tùng', kind: 'text' },
      { key: 'quantity', label: 'Số lượng dùng', kind: 'number' },
      { key: 'unitPrice', label: 'Đơn giá (VND)', kind: 'money' },
      { key: 'value', label: 'Thành tiền (VND)', kind: 'money' },
      { key: 'technician', label: 'Kỹ thuật viên', kind: 'text' },
      { key: 'actor', label: 'Người xuất / nhận lại', kind: 'text' },
    ]),
  count: (scope) => countMovements(scope, USAGE),
  async page(scope, after, limit) {
    const rows = await movementPage(scope, USAGE, after, limit);
    return {
      rows: rows.map((r) => {
        const quantity = -r.quantity;
        const unitPrice = Number(r.unit_price ?? r.price);
        return {
          centre: r.centre,
          at: isoOrNull(r.created_iso),
          kind: kindLabel(r.kind),
          serviceOrderCode: r.order_code,
          licensePlate: r.license_plate,
          sku: r.sku,
          product: r.product,
          quantity,
          unitPrice,
          value: quantity * unitPrice,
          technician: r.technician,
          actor: r.actor,
        };
      }),
      next: nextKeyset(rows, limit),
    };
  },
};
