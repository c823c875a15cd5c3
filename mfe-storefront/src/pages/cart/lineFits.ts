import { useCallback } from 'react';
import { isFitStatus, type FitStatus } from 'shared-contracts/pricing';
import type { CartLine } from 'shared-contracts/schemas';
import { cartApi, type CartApi } from '../../cart/cartApi';
import { latestOf, useAsync } from '../../hooks/useAsync';
import { fitKeyOf, fitQueryOfKey, useChosenVehicle } from '../../vehicleFit';

const NO_FITS: ReadonlyMap<string, FitStatus> = new Map();

/** A line's `fit` as the server marked it (absent: not asked, or not a product). */
export function fitOfLine(line: object): FitStatus | undefined {
  const fit = (line as { fit?: unknown }).fit;
  return isFitStatus(fit) ? fit : undefined;
}

/**
 * Whether each product line of the cart fits the chosen vehicle, by line id: asked of the server once per vehicle
 * and set of products (GET /cart for a customer, POST /cart/validate for a guest, with fitModel + fitYear), so a
 * quantity change keeps the warnings. Empty without a vehicle (or while it answers, or when it fails: the warning
 * only informs).
 */
export function useLineFits(items: readonly CartLine[], loggedIn: boolean, api: Pick<CartApi, 'get' | 'validate'> = cartApi): ReadonlyMap<string, FitStatus> {
  const fitKey = fitKeyOf(useChosenVehicle());
  const products = items.filter((item) => item.kind === 'product');
  const productsKey = products.map((item) => `${item.id}:${item.refId}`).join(',');
  // the keys stand for the products and the vehicle
  /* eslint-disable react-hooks/exhaustive-deps */
  const read = useCallback(
    async (signal: AbortSignal): Promise<ReadonlyMap<string, FitStatus>> => {
      const fit = fitQueryOfKey(fitKey);
      const cart = loggedIn ? await api.get(signal, fit) : await api.validate(products.map((item) => ({ kind: item.kind, refId: item.refId, quantity: item.quantity, price: item.price })), signal, fit);
      return new Map(cart.items.flatMap((line) => (fitOfLine(line) ? [[line.id, fitOfLine(line)!] as const] : [])));
    },
    [fitKey, productsKey, loggedIn, api],
  );
  /* eslint-enable react-hooks/exhaustive-deps */
  const { state } = useAsync(read, { enabled: fitKey !== '' && products.length > 0 });
  const loaded = latestOf(state);
  return fitKey !== '' && loaded.status === 'ready' ? loaded.data : NO_FITS;
}
