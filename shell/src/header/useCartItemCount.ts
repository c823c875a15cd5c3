import { useEffect, useState } from 'react';
import { eventBus, readStoredCartItemCount, type EventBus } from 'shared-contracts';

/** The real cart item count: the last `cart/changed` on the bus, else what the stored cart holds. */
export function useCartItemCount(bus: EventBus = eventBus): number {
  const [count, setCount] = useState(() => bus.latest('cart/changed')?.itemCount ?? readStoredCartItemCount());
  useEffect(() => {
    const subscription = bus.state('cart/changed').subscribe(({ itemCount }) => setCount(itemCount));
    return () => subscription.unsubscribe();
  }, [bus]);
  return count;
}
