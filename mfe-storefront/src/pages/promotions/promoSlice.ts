import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Promotion } from 'shared-contracts/schemas';

/** The promo state of spec §3: saved promotions, the applied one (null by default), the active ones. */
export interface PromoState {
  savedPromotions: Promotion[];
  appliedPromo: Promotion | null;
  availablePromotions: Promotion[];
}

export const initialPromoState: PromoState = { savedPromotions: [], appliedPromo: null, availablePromotions: [] };

/** The transitions of spec §4 (plus setSaved, which loads the server's list). */
const promoSlice = createSlice({
  name: 'promo',
  initialState: initialPromoState,
  reducers: {
    /** Apply sets appliedPromo. */
    applyPromo(state, action: PayloadAction<Promotion>) {
      state.appliedPromo = action.payload;
    },
    /** Remove clears it. */
    removePromo(state) {
      state.appliedPromo = null;
    },
    /** Save adds a promotion only if its id is not already saved. */
    savePromo(state, action: PayloadAction<Promotion>) {
      if (!state.savedPromotions.some((promotion) => promotion.id === action.payload.id)) state.savedPromotions.push(action.payload);
    },
    /** Unsave removes by id. */
    unsavePromo(state, action: PayloadAction<number>) {
      state.savedPromotions = state.savedPromotions.filter((promotion) => promotion.id !== action.payload);
    },
    /** Set available replaces the list. */
    setAvailablePromotions(state, action: PayloadAction<Promotion[]>) {
      state.availablePromotions = action.payload;
    },
    /** The saved list as the server has it (after login), or empty (guest, logout). */
    setSavedPromotions(state, action: PayloadAction<Promotion[]>) {
      state.savedPromotions = action.payload;
    },
  },
});

export const { applyPromo, removePromo, savePromo, unsavePromo, setAvailablePromotions, setSavedPromotions } = promoSlice.actions;
export const promoReducer = promoSlice.reducer;
