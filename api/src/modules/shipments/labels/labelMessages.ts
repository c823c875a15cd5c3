/** Vietnamese messages of the labels and the pickup list (shown as is). */
export const labelMessages = {
  notFound: (id: number) => `Không tìm thấy vận đơn #${id} ở trung tâm của bạn.`,
  cancelled: (trackingCode: string) => `Vận đơn ${trackingCode} đã hủy, không in nhãn.`,
  centreNotFound: 'Không tìm thấy trung tâm.',
} as const;
