// Product reviews in the storefront: the product card's rating line and the product page's reviews section.
export { CardRating } from './CardRating';
export { ProductReviews } from './LazyProductReviews';
