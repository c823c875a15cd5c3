import { WISHLIST_MAX_ITEMS } from 'shared-contracts/schemas';

/** What the wishlist's answers say (Vietnamese, shown as is). */
export const wishlistMessages = {
  listed: 'Danh sách yêu thích của bạn.',
  saved: 'Đã lưu vào danh sách yêu thích.',
  removed: 'Đã bỏ khỏi danh sách yêu thích.',
  merged: 'Đã gộp danh sách yêu thích.',
  productNotFound: 'Không tìm thấy sản phẩm hoặc sản phẩm đã ngừng kinh doanh.',
  full: `Danh sách yêu thích đã đủ ${WISHLIST_MAX_ITEMS} sản phẩm. Vui lòng bỏ bớt sản phẩm trước khi thêm mới.`,
} as const;
