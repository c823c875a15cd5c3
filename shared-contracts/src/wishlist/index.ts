// The wishlist ("Yêu thích") pieces both remotes use: the guest's hearts in the browser and the API calls.
export * from './guestWishlist';
export * from './wishlistApi';
