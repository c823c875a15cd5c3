import { formatVnd } from 'shared-contracts';

/** The /wishlist page's Vietnamese strings. */
export const wishlistText = {
  listLabel: 'Danh sách sản phẩm yêu thích',
  loading: 'Đang tải danh sách yêu thích…',
  loadFailed: 'Không tải được danh sách yêu thích. Vui lòng thử lại.',
  retry: 'Thử lại',
  empty: 'Bạn chưa có sản phẩm yêu thích nào. Bấm hình trái tim trên sản phẩm để lưu lại.',
  browse: 'Xem sản phẩm',
  droppedFrom: (price: number) => `Giảm từ ${formatVnd(price)}`,
  outOfStock: 'Hết hàng',
  notifyPriceDrop: 'Báo khi giảm giá',
  notifyBackInStock: 'Báo khi có hàng',
  remove: 'Bỏ khỏi yêu thích',
  removeLabel: (name: string) => `Bỏ khỏi yêu thích: ${name}`,
  buy: 'Thêm vào giỏ',
  buyLabel: (name: string) => `Thêm vào giỏ: ${name} (mở trang sản phẩm)`,
  saved: (label: string, on: boolean, name: string) => `${on ? 'Đã bật' : 'Đã tắt'} “${label}” cho ${name}.`,
  removed: (name: string) => `Đã bỏ ${name} khỏi danh sách yêu thích.`,
  saveFailed: 'Chưa lưu được thay đổi. Vui lòng thử lại.',
};
