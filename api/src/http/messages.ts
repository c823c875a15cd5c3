/** The API's Vietnamese messages: what the UI shows as is. */
export const apiMessages = {
  ok: 'Thành công',
  routeNotFound: 'Không tìm thấy đường dẫn API yêu cầu.',
  validation: 'Dữ liệu không hợp lệ.',
  invalidJson: 'Dữ liệu gửi lên không phải JSON hợp lệ.',
  emptyJson: 'Nội dung yêu cầu trống nhưng được khai báo là JSON.',
  payloadTooLarge: 'Dữ liệu gửi lên quá lớn.',
  unsupportedMediaType: 'Định dạng dữ liệu không được hỗ trợ.',
  badUrl: 'Đường dẫn không hợp lệ.',
  badRequest: 'Yêu cầu không hợp lệ.',
  unauthorized: 'Bạn cần đăng nhập để tiếp tục.',
  forbidden: 'Bạn không có quyền thực hiện thao tác này.',
  notFound: 'Không tìm thấy dữ liệu yêu cầu.',
  methodNotAllowed: 'Phương thức không được hỗ trợ.',
  conflict: 'Dữ liệu bị xung đột. Vui lòng tải lại và thử lại.',
  tooManyRequests: 'Bạn thao tác quá nhanh. Vui lòng thử lại sau ít phút.',
  requestTimeout: 'Yêu cầu mất quá nhiều thời gian. Vui lòng thử lại.',
  serviceUnavailable: 'Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau.',
  internal: 'Máy chủ đang gặp sự cố. Vui lòng thử lại sau.',
  databaseUnreachable: 'Không kết nối được cơ sở dữ liệu.',
  databaseConnectionLost: 'Kết nối tới cơ sở dữ liệu vừa bị gián đoạn. Vui lòng thử lại sau giây lát.',
  fieldRequired: 'Trường này là bắt buộc.',
} as const;

/** A Vietnamese message for a bare HTTP status (errors that carry no message of their own). */
export function messageForStatus(status: number): string {
  switch (status) {
    case 400:
      return apiMessages.badRequest;
    case 401:
      return apiMessages.unauthorized;
    case 403:
      return apiMessages.forbidden;
    case 404:
      return apiMessages.notFound;
    case 405:
      return apiMessages.methodNotAllowed;
    case 408:
      return apiMessages.requestTimeout;
    case 409:
      return apiMessages.conflict;
    case 413:
      return apiMessages.payloadTooLarge;
    case 415:
      return apiMessages.unsupportedMediaType;
    case 429:
      return apiMessages.tooManyRequests;
    case 503:
      return apiMessages.serviceUnavailable;
    default:
      return status >= 500 ? apiMessages.internal : apiMessages.badRequest;
  }
}
