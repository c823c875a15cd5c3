/** The tables of the product reviews (issue 48); filled in by migration 0042_product_reviews. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ProductReviewTables {}
