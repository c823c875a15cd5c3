import { z } from 'zod';
import { isoInstantSchema, vndSchema } from './catalogue';
import { idInput } from './primitives';

/**
 * The wishlist ("Yêu thích", issue 48): a customer's saved parts with optional "báo khi giảm giá" /
 * "báo khi có hàng" opt-ins. A guest's hearts live in the browser and are merged at login (`POST /api/wishlist/merge`).
 * Money is integer VND; instants ISO 8601 UTC.
 */

/** The most products one customer's wishlist holds. */
export const WISHLIST_MAX_ITEMS = 200;
/** The most guest hearts one merge request carries. */
export const WISHLIST_MERGE_MAX_IDS = 100;

export const wishlistItemSchema = z.object({
  productId: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** The current selling price (VND). */
  price: vndSchema,
  /** The list price when the product is on promotion, else null. */
  originalPrice: vndSchema.nullable(),
  /** The price when the customer first saved it. */
  priceWhenAdded: vndSchema,
  /** Units available online. */
  stock: z.number().int().nonnegative(),
  /** On sale and in stock online. */
  available: z.boolean(),
  notifyPriceDrop: z.boolean(),
  notifyBackInStock: z.boolean(),
  addedAt: isoInstantSchema,
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** The customer's wishlist, newest first. */
export const wishlistSchema = z.object({
  items: z.array(wishlistItemSchema),
  count: z.number().int().nonnegative(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

/** `PUT /api/wishlist/items/:productId`: adds the product if missing and sets the given opt-ins. */
export const wishlistItemInputSchema = z
  .object({
    notifyPriceDrop: z.boolean({ error: 'Giá trị "báo khi giảm giá" không hợp lệ.' }).optional(),
    notifyBackInStock: z.boolean({ error: 'Giá trị "báo khi có hàng" không hợp lệ.' }).optional(),
  })
  .strict();
export type WishlistItemInput = z.infer<typeof wishlistItemInputSchema>;

/** `POST /api/wishlist/merge`: the guest's hearts (product ids), deduplicated. */
export const wishlistMergeInputSchema = z
  .object({
    productIds: z
      .array(idInput('Mã sản phẩm không hợp lệ.'), { error: 'Danh sách sản phẩm không hợp lệ.' })
      .max(WISHLIST_MERGE_MAX_IDS, `Tối đa ${WISHLIST_MERGE_MAX_IDS} sản phẩm mỗi lần gộp.`)
      .transform((ids) => [...new Set(ids as number[])]),
  })
  .strict();
export type WishlistMergeInput = z.infer<typeof wishlistMergeInputSchema>;
