// The wishlist ("Yêu thích") in the storefront: the heart of cards and product pages, and the login merge.
export { WishlistHeart } from './WishlistHeart';
export { watchWishlistSession } from './wishlistSession';
