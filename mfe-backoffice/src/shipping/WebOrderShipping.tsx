import { useState } from 'react';
import type { ShipmentView, WebOrderDetail } from 'shared-contracts/schemas';
import { CreateShipmentDialog } from './CreateShipmentDialog';
import { ShipmentBlock } from './ShipmentBlock';
import { shippingText as t } from './shippingText';
import styles from './Shipping.module.css';

/** The order's waybill with a carrier (absent from answers before issue 65: read as none). */
export function carrierShipmentOf(detail: WebOrderDetail): ShipmentView | null {
  return (detail as WebOrderDetail & { carrierShipment?: ShipmentView | null }).carrierShipment ?? null;
}

/** "Tạo vận đơn" is offered for a packed delivery (the order machine ships from PACKED) without a live waybill. */
export function canCreateShipment(detail: WebOrderDetail, shipment: ShipmentView | null): boolean {
  const { order } = detail;
  if (order.fulfilment.method !== 'delivery') return false;
  if (order.status !== 'PACKED') return false;
  return shipment === null || shipment.status === 'CANCELLED';
}

/** The newer of two views of the order's waybill: a later one, else the one changed last (the read wins a tie). */
function newer(read: ShipmentView | null, mine: ShipmentView | null, orderCode: string): ShipmentView | null {
  if (!mine || mine.orderCode !== orderCode) return read;
  if (!read || mine.id > read.id) return mine;
  if (mine.id < read.id) return read;
  return Date.parse(mine.statusAt) > Date.parse(read.statusAt) || (mine.status === 'CANCELLED' && read.status !== 'CANCELLED') ? mine : read;
}

interface Props {
  detail: WebOrderDetail;
  /** The waybill was created or cancelled: the desk reads the order (and its list) again. */
  onChanged: () => void;
  /** A stale version: the panel reads the order again. */
  onConflict: () => void;
}

/** The web order's parcel in its detail: the waybill's block, and "Tạo vận đơn" while the order may get one. */
export function WebOrderShipping({ detail, onChanged, onConflict }: Props) {
  const [open, setOpen] = useState(false);
  const [mine, setMine] = useState<ShipmentView | null>(null);
  const shipment = newer(carrierShipmentOf(detail), mine, detail.order.code);
  const creatable = canCreateShipment(detail, shipment);

  const changed = (view: ShipmentView) => {
    setMine(view);
    setOpen(false);
    onChanged();
  };

  return (
    <>
      {creatable && (
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => setOpen(true)}>
            {t.create}
          </button>
        </div>
      )}
      {shipment && <ShipmentBlock key={shipment.id} shipment={shipment} onChanged={changed} />}
      {open && creatable && <CreateShipmentDialog detail={detail} onCreated={changed} onConflict={onConflict} onClose={() => setOpen(false)} />}
    </>
  );
}
