/** Vietnamese messages of the cart (shown as is). */
export const cartMessages = {
  itemNotFound: 'Không tìm thấy sản phẩm hoặc gói dịch vụ.',
  unavailable: 'Sản phẩm này hiện không còn được bán.',
  outOfStock: 'Sản phẩm đã hết hàng',
  onlyLeft: (stock: number) => `Chỉ còn ${stock} sản phẩm trong kho`,
  tooMany: (max: number) => `Mỗi mặt hàng chỉ được mua tối đa ${max}.`,
  lineNotFound: 'Mặt hàng này không có trong giỏ hàng.',
  added: 'Đã thêm vào giỏ hàng.',
  updated: 'Đã cập nhật giỏ hàng.',
  removed: 'Đã xóa khỏi giỏ hàng.',
  cleared: 'Đã xóa toàn bộ giỏ hàng.',
  merged: 'Đã gộp giỏ hàng.',
  validated: 'Đã kiểm tra giỏ hàng.',
} as const;
