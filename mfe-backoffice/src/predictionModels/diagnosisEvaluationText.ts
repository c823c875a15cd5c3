/** The Vietnamese strings of /admin/models' diagnosis section (spec predictive.md §3 "Evaluation … shown on the model page"). */
export const diagnosisEvaluationText = {
  heading: 'Chẩn đoán theo triệu chứng',
  intro:
    'Trang Chẩn đoán AI xếp hạng các hạng mục có khả năng hỏng từ triệu chứng khách mô tả: cơ sở tri thức cho điểm xuất phát, các lệnh sửa chữa đã đóng có ghi triệu chứng điều chỉnh theo những gì kỹ thuật viên thực sự tìm thấy.',
  learnedFrom: (cases: string) => `Phiên bản này học từ ${cases} lệnh sửa chữa đã đóng có ghi triệu chứng.`,
  notTrained: 'Phiên bản này được huấn luyện trước khi có phần chẩn đoán: trang Chẩn đoán AI đang chỉ dùng cơ sở tri thức.',
  tooFew: (minimum: number) =>
    `Chưa đủ dữ liệu để đánh giá: cần ít nhất ${minimum} lệnh sửa chữa có ghi triệu chứng và có hạng mục hỏng sau ngày mốc.`,
  caption: (day: string, cases: string) => `Độ chính xác trên ${cases} lệnh sửa chữa đóng từ ngày ${day} (không dùng để học)`,
  scrollLabel: 'Bảng độ chính xác của chẩn đoán, cuộn ngang được',
  ranking: 'Cách xếp hạng',
  top1: 'Đúng ở vị trí đầu (top-1)',
  top3: 'Đúng trong 3 vị trí đầu (top-3)',
  learned: (cases: string) => `Có học từ dữ liệu của trung tâm (${cases} lệnh trước ngày mốc)`,
  knowledgeBase: 'Chỉ cơ sở tri thức',
  hit: 'Một lần chẩn đoán được tính là đúng khi hạng mục được xếp hạng là hạng mục kỹ thuật viên ghi nhận hỏng ở lệnh đó.',
} as const;
