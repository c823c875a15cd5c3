/** The wishlist's Vietnamese strings in the storefront. */
export const wishlistText = {
  add: 'Thêm vào yêu thích',
  remove: 'Bỏ khỏi yêu thích',
  added: 'Đã thêm vào yêu thích.',
  removed: 'Đã bỏ khỏi yêu thích.',
  failed: 'Chưa lưu được mục yêu thích. Vui lòng thử lại.',
};
