import type { Kysely } from 'kysely';
import type { CartLine, LoyaltyRankedTier } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { itemKey, type ShopItem } from '../cart';
import { memberPricesFor } from '../loyalty';

/** A line priced at a member price: the tier that gave it and the price without it. */
export interface MemberPriceNote {
  memberTier: LoyaltyRankedTier;
  listPrice: number;
}

/**
 * The customer's member prices (issue 67 §3) put in place of the products' prices where lower (`items` is changed),
 * so that promotions and points apply on the member-priced subtotal; answers each such line's note by item key.
 */
export async function applyMemberPrices(db: Kysely<Database>, userId: number, items: Map<string, ShopItem>, now: Date): Promise<Map<string, MemberPriceNote>> {
  const notes = new Map<string, MemberPriceNote>();
  const productIds = [...items.values()].filter((item) => item.kind === 'product').map((item) => item.refId);
  if (productIds.length === 0) return notes;
  const offers = await memberPricesFor(db, userId, productIds, now);
  for (const [key, item] of items) {
    const offer = item.kind === 'product' ? offers.get(item.refId) : undefined;
    if (!offer || offer.price >= item.price) continue;
    items.set(key, { ...item, price: offer.price });
    notes.set(key, { memberTier: offer.tier, listPrice: item.price });
  }
  return notes;
}

/** The cart line with its member price's tier and list price, when it has one. */
export function withMemberNote(line: CartLine, notes: ReadonlyMap<string, MemberPriceNote>): CartLine {
  const note = notes.get(itemKey(line));
  return note ? { ...line, ...note } : line;
}
