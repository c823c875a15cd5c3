import type { ServiceOrderDetail } from 'shared-contracts/schemas';
import { serviceOrdersText } from './serviceOrdersText';
import styles from './ServiceOrders.module.css';

const t = serviceOrdersText.drawer;

/**
 * The parts desk's place in the drawer (spec S6, work package 2): the technician's parts requests with
 * reserve / issue / return / release and availability will be built here. Kept apart from the rest of the
 * drawer so that work replaces this component only.
 */
export function PartsDeskSlot({ order }: { order: ServiceOrderDetail }) {
  return (
    <section className={styles.partsDesk} aria-labelledby={`parts-desk-${order.id}`} data-slot="parts-desk">
      <h3 id={`parts-desk-${order.id}`}>{t.partsDesk}</h3>
      <p className={styles.muted}>{t.partsDeskNote}</p>
    </section>
  );
}
