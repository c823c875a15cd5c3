import { apiClient, readData } from 'shared-contracts';
import { createWishlistApi } from 'shared-contracts/wishlist';

/** The wishlist calls through the page's one API client (the same calls as the storefront's hearts). */
export const wishlistApi = createWishlistApi({ apiClient, readData });
