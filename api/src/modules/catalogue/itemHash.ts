import { hash } from 'node:crypto';

/** The length of an item's hash (base64url characters of its SHA-256: 96 bits). */
export const ITEM_HASH_LENGTH = 16;

/** The first ITEM_HASH_LENGTH base64url characters of a text's SHA-256. */
export function shortHash(text: string): string {
  return hash('sha256', text, 'base64url').slice(0, ITEM_HASH_LENGTH);
}

/** An item's hash (product_list_items.item_hash, a card's in the mirror): what a list's ETag is made of (`pageReady`). */
export const itemHash = shortHash;
