import { formatDateTime } from 'shared-contracts';
import type { WebOrderDetail } from 'shared-contracts/schemas';
import { webOrderText as t } from './webOrderText';
import styles from './WebOrders.module.css';

/** The packing slip: the code as text and QR, the lines with SKU and quantity, where it goes. Printed alone. */
export function PackingSlip({ detail }: { detail: WebOrderDetail }) {
  const { order } = detail;
  const address = order.fulfilment.address;
  return (
    <div className={styles.slip} data-testid="packing-slip">
      <div className={styles.slipHead}>
        <div>
          <p className={styles.slipTitle}>{t.slipTitle}</p>
          <p className={styles.slipCode}>{order.code}</p>
          <p>{formatDateTime(order.createdAt)}</p>
        </div>
        <img src={detail.packingSlip.qrImageDataUrl} alt={`Mã QR đơn hàng ${order.code}`} width={112} height={112} />
      </div>
      <p>
        <strong>{order.recipientName}</strong> – {order.phone}
        <br />
        {address ? `${t.delivery}: ${address.street}, ${address.ward}, ${address.province}` : `${t.pickup}: ${order.fulfilment.centre?.name ?? detail.deskCentre?.name ?? ''}`}
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t.sku}</th>
            <th scope="col">{t.lines}</th>
            <th scope="col">{t.quantity}</th>
          </tr>
        </thead>
        <tbody>
          {detail.packingSlip.lines.map((line, index) => (
            <tr key={`${line.sku ?? line.name}-${index}`}>
              <td>{line.sku ?? '—'}</td>
              <td>{line.name}</td>
              <td>{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
