import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartChange, CartLine } from 'shared-contracts/schemas';

/** A cart item (spec §3: id, price, quantity plus the product's fields): one line of the shop contract. */
export type CartItem = CartLine;

/** What adding needs: the line without its quantity (a new line starts at 1); issues and group may come later. */
export type NewCartItem = Omit<CartItem, 'quantity' | 'issues' | 'promoGroup'> & Partial<Pick<CartItem, 'issues' | 'promoGroup'>>;

/** The cart state of spec §3: items, isOpen, total, itemCount. */
export interface CartState {
  items: CartItem[];
  isOpen: boolean;
  /** sum of price × quantity (integer VND) */
  total: number;
  /** sum of quantities (after a customer's add: the server's count, which also covers lines not loaded again) */
  itemCount: number;
}

export const initialCartState: CartState = { items: [], isOpen: false, total: 0, itemCount: 0 };

/** Totals are recomputed after each change (spec §4). */
function recompute(state: CartState): void {
  state.itemCount = state.items.reduce((sum, item) => sum + item.quantity, 0);
  state.total = state.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

/** The transitions of spec §4, plus setItems (the server's cart, or a guest cart checked by the server). */
const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Adding an existing item increases its quantity by 1; a new item starts at 1. */
    addItem(state, action: PayloadAction<NewCartItem>) {
      const existing = state.items.find((item) => item.id === action.payload.id);
      if (existing) existing.quantity += 1;
      else state.items.push({ ...action.payload, quantity: 1, issues: action.payload.issues ?? [], promoGroup: action.payload.promoGroup ?? null });
      recompute(state);
    },
    /** Remove works by id. */
    removeItem(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
      recompute(state);
    },
    /** Updating a quantity to 0 or less removes the item. */
    updateQuantity(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const { id, quantity } = action.payload;
      if (quantity <= 0) state.items = state.items.filter((item) => item.id !== id);
      else {
        const item = state.items.find((entry) => entry.id === id);
        if (item) item.quantity = Math.floor(quantity);
      }
      recompute(state);
    },
    /** Clear empties the cart. */
    clearCart(state) {
      state.items = [];
      recompute(state);
    },
    /** The open flag toggles... */
    toggleCart(state) {
      state.isOpen = !state.isOpen;
    },
    /** ...or is set. */
    setCartOpen(state, action: PayloadAction<boolean>) {
      state.isOpen = action.payload;
    },
    /**
     * A customer's add as the server answered it: its line put in place (or appended), the item count the
     * server's; the other lines stay as last loaded (the cart page loads them again).
     */
    applyChange(state, action: PayloadAction<CartChange>) {
      const { line, itemCount } = action.payload;
      const index = state.items.findIndex((item) => item.id === line.id);
      if (index >= 0) state.items[index] = line;
      else state.items.push(line);
      recompute(state);
      state.itemCount = itemCount;
    },
    /** The whole list replaced: the server's cart (customer) or the guest cart as the server checked it. */
    setItems(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload.filter((item) => item.quantity > 0);
      recompute(state);
    },
  },
});

export const { addItem, removeItem, updateQuantity, clearCart, toggleCart, setCartOpen, setItems, applyChange } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
