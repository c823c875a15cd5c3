import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** How the order reaches the customer: delivered to a province, or picked up at a centre (free). */
export type ShippingSelection = { method: 'delivery'; province: string } | { method: 'pickup'; centreId: number | null };

/** The choices the cart page makes for the checkout (kept while the customer goes from /cart to /checkout). */
export interface CheckoutState {
  shipping: ShippingSelection;
}

/** Delivery to Hà Nội until the customer chooses (the fee is shown for it; one click changes it). */
export const DEFAULT_SHIPPING: ShippingSelection = { method: 'delivery', province: 'Hà Nội' };

export const initialCheckoutState: CheckoutState = { shipping: DEFAULT_SHIPPING };

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    chooseDelivery(state, action: PayloadAction<string>) {
      state.shipping = { method: 'delivery', province: action.payload };
    },
    choosePickup(state, action: PayloadAction<number | null>) {
      state.shipping = { method: 'pickup', centreId: action.payload };
    },
    setShipping(state, action: PayloadAction<ShippingSelection>) {
      state.shipping = action.payload;
    },
  },
});

export const { chooseDelivery, choosePickup, setShipping } = checkoutSlice.actions;
export const checkoutReducer = checkoutSlice.reducer;
