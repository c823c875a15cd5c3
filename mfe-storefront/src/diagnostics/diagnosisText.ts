import type { DiagnosisDto } from 'shared-contracts/diagnostics';

type Urgency = DiagnosisDto['ranked'][number]['urgency'];

/** The diagnostics page's own copy (its chunk only). */
export const diagnosisText = {
  formHeading: 'Xe của bạn đang gặp vấn đề gì?',
  vehicleLabel: 'Xe hoặc mẫu xe (không bắt buộc)',
  vehicleNone: 'Không chọn / chưa rõ mẫu xe',
  modelsLoading: 'Đang tải danh sách mẫu xe…',
  /** The reference models could not be read: a saved vehicle or no model may still be chosen. */
  modelsFailed: (reason: string) => `Chưa tải được danh sách mẫu xe. ${reason}`,
  savedVehicles: 'Xe của bạn',
  savedVehicleHint: 'Chọn xe đã lưu để kết quả tính cả lịch sử kiểm tra của xe.',
  guestVehicleHint: 'Đăng nhập để chọn xe đã lưu: kết quả sẽ tính cả lịch sử kiểm tra của xe.',
  symptomsLegend: 'Triệu chứng bạn gặp',
  symptomsHint: (max: number) => `Chọn tất cả triệu chứng đúng với xe (tối đa ${max}).`,
  symptomsChosen: (count: number, max: number) => `Đã chọn ${count}/${max}`,
  textLabel: 'Mô tả thêm (không bắt buộc)',
  textHint: 'Ví dụ: “xe sạc qua đêm không đầy, đi được ít hơn trước”. Không nhập thông tin cá nhân.',
  textCount: (length: number, max: number) => `${length}/${max} ký tự`,
  submit: 'Chẩn đoán',
  submitting: 'Đang chẩn đoán...',

  // client-side checks (the server checks again)
  emptyInput: 'Vui lòng chọn ít nhất một triệu chứng hoặc mô tả tình trạng xe.',
  tooManySymptoms: (max: number) => `Chọn tối đa ${max} triệu chứng.`,
  textTooLong: (max: number) => `Mô tả không được dài quá ${max} ký tự.`,
  network: 'Không kết nối được máy chủ. Vui lòng thử lại.',

  // results
  resultsHeading: 'Kết quả chẩn đoán sơ bộ',
  announceResult: (count: number) =>
    count === 0 ? 'Đã có kết quả chẩn đoán: chưa tìm được hạng mục phù hợp.' : `Đã có kết quả chẩn đoán: ${count} hạng mục có khả năng gặp vấn đề.`,
  safetyCall: (hotline: string) => `Gọi cứu hộ ${hotline}`,
  safetyBecause: 'Vì bạn báo:',
  safetyAdvice: 'Không tiếp tục chạy xe và không cắm sạc. Giữ khoảng cách an toàn với xe nếu có khói, mùi khét hoặc pin nóng.',
  rankingHeading: 'Các hạng mục có khả năng gặp vấn đề',
  rankingIntro: 'Xếp từ khả năng cao nhất. Mỗi tỷ lệ là khả năng hạng mục đó đang có vấn đề, tính riêng từng hạng mục, nên tổng không nhất thiết bằng 100%.',
  noRanking: 'Chưa tìm được hạng mục nào khớp với các triệu chứng này. Kỹ thuật viên sẽ kiểm tra trực tiếp khi bạn mang xe tới trung tâm.',
  matchedSymptoms: 'Triệu chứng được dùng để chẩn đoán:',
  confidenceLabel: 'Khả năng',
  urgencyLabel: 'Mức độ',
  reasonsLabel: 'Vì sao',
  reasonPastCases: (count: number) =>
    count === 0 ? 'chưa có ca tương tự trong dữ liệu của chúng tôi' : `${count} ca tương tự đã được xác nhận tại các trung tâm của chúng tôi`,
  reasonSource: (source: string | null) => (source ? `Nguồn: ${source}` : 'Nguồn: dữ liệu phiếu dịch vụ của chúng tôi'),

  urgency: {
    STOP: 'Cần xử lý ngay',
    SOON: 'Nên kiểm tra sớm',
    PLAN: 'Kiểm tra ở lần bảo dưỡng tới',
  } satisfies Record<Urgency, string>,
  urgencyHint: {
    STOP: 'Không nên chạy xe trước khi được kiểm tra.',
    SOON: 'Nên mang xe tới trung tâm trong vài ngày tới.',
    PLAN: 'Chưa gấp: kiểm tra khi xe đến lịch bảo dưỡng.',
  } satisfies Record<Urgency, string>,

  // what the numbers rest on
  basisHeading: 'Kết quả này dựa trên gì?',
  basisKnowledge:
    'Mỗi triệu chứng được đối chiếu với cơ sở tri thức kỹ thuật của chúng tôi (bảng tra lỗi trong sổ tay dịch vụ, trang đèn cảnh báo của hãng, ghi nhận của kỹ thuật viên).',
  basisCases: (cases: string) => `Tỷ lệ được điều chỉnh theo ${cases} phiếu dịch vụ đã hoàn thành tại các trung tâm của chúng tôi có ghi nhận triệu chứng.`,
  basisNoCases: 'Chưa có phiếu dịch vụ nào có ghi nhận triệu chứng để điều chỉnh tỷ lệ: các con số hiện chỉ dựa trên cơ sở tri thức.',
  basisVehicle: (name: string) => `Đã tính thêm lịch sử kiểm tra và dự đoán hao mòn của xe ${name}.`,
  basisNoVehicle: 'Kết quả chưa tính riêng cho xe của bạn. Chọn một xe đã lưu (khi đã đăng nhập) để tính cả lịch sử kiểm tra của xe.',
  unknownModel: (model: string) => `Chúng tôi chưa có dữ liệu về mẫu xe ${model}: kết quả dưới đây dựa trên các triệu chứng.`,
  basisDisclaimer: 'Đây là chẩn đoán sơ bộ, không thay thế việc kiểm tra trực tiếp: kỹ thuật viên sẽ xác nhận khi kiểm tra xe.',

  // booking
  bookHeading: 'Đặt lịch kiểm tra',
  book: 'Đặt lịch',
  bookHint: 'Lịch hẹn được chọn sẵn các dịch vụ kiểm tra hạng mục có khả năng cao nhất và những hạng mục từ “Khả năng vừa” trở lên; bạn có thể thêm hoặc bỏ bớt ở bước chọn dịch vụ.',
  bookSymptomsHint: 'Các triệu chứng đã chọn được đánh dấu sẵn ở bước “Ghi chú cho kỹ thuật viên”; bạn có thể thêm mô tả ở đó để trung tâm chuẩn bị trước.',
} as const;

// A probability's words and figure ('Khả năng cao · 62%') are the one scale of likelihood words shared with
// "Dự đoán bảo dưỡng" and its reminder email: likelihoodWords and formatPercent of 'shared-contracts/diagnostics'
// (diagnostics/likelihoodWords.ts: the bands and why), so the words and the number shown never disagree.

const NUMBER = new Intl.NumberFormat('vi-VN');

export function formatCount(count: number): string {
  return NUMBER.format(count);
}
