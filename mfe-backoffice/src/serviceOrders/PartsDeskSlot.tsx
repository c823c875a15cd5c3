import type { ServiceOrderDetail } from 'shared-contracts/schemas';
import { PartsDeskSection } from '../partsDesk';

/**
 * The parts desk's place in the drawer (spec S6, work package 2): the order's parts requests with their
 * actions, built in src/partsDesk. Kept apart from the rest of the drawer so that work replaces this component only.
 */
export function PartsDeskSlot({ order }: { order: ServiceOrderDetail }) {
  return <PartsDeskSection order={order} />;
}
