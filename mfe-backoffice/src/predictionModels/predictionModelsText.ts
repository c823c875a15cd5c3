/** Every Vietnamese string of /admin/models (spec predictive.md §2 backtest and training, §4 "Admin /admin/models"). */
export const predictionModelsText = {
  loading: 'Đang tải các phiên bản mô hình…',
  loadFailed: 'Không tải được các phiên bản mô hình. Vui lòng thử lại.',
  reload: 'Tải lại',
  empty: 'Chưa có mô hình nào. Bấm Huấn luyện ngay.',
  noAccepted: 'Chưa có phiên bản nào huấn luyện thành công trong các lần gần đây, nên khách hàng chưa thấy dự đoán nào.',

  train: {
    heading: 'Huấn luyện',
    button: 'Huấn luyện ngay',
    hint: 'Mô hình tự huấn luyện lại lúc 02:00 mỗi đêm. Huấn luyện chạy nền, thường mất dưới một phút; trong lúc đó phiên bản hiện tại vẫn được dùng.',
    starting: 'Đang gửi yêu cầu huấn luyện…',
    running: (id: number) => `Đang huấn luyện… (lần #${id}). Trang tự cập nhật khi xong; trong lúc đó phiên bản hiện tại vẫn được dùng.`,
    accepted: (id: number, shown: number, total: number) =>
      `Đã huấn luyện xong phiên bản #${id}: ${shown}/${total} hạng mục đủ tốt để hiển thị cho khách hàng.`,
    failed: (id: number, error: string) => `Lần huấn luyện #${id} thất bại: ${error}`,
    previousServes: (id: number) => `Phiên bản trước (#${id}) vẫn đang được dùng.`,
    nothingServes: 'Chưa có phiên bản nào trước đó, nên khách hàng chưa thấy dự đoán.',
    noError: 'không rõ lỗi.',
    conflict:
      'Đang có một lần huấn luyện khác chạy (do quản trị viên khác bấm, hoặc lần chạy tự động lúc 02:00). Mỗi lúc chỉ chạy được một lần huấn luyện: trang sẽ theo dõi lần đó và hiện kết quả khi xong.',
    startFailed: 'Không bắt đầu được lần huấn luyện. Vui lòng thử lại.',
    pollTrouble: 'Chưa lấy được trạng thái mới nhất, đang thử lại…',
    timedOut: 'Sau 15 phút vẫn chưa có kết quả huấn luyện. Hãy tải lại trang sau ít phút; phiên bản hiện tại vẫn được dùng.',
  },

  latestFailed: (id: number, when: string, error: string) => `Lần huấn luyện gần nhất (#${id}, ${when}) thất bại: ${error}`,

  version: {
    heading: (id: number) => `Phiên bản đang dùng: #${id}`,
    status: 'Trạng thái',
    trainedAt: 'Huấn luyện lúc',
    dataCutoff: 'Dữ liệu đến ngày',
    observations: 'Số lần kiểm tra',
    failures: 'Số lần hỏng',
    shown: 'Hạng mục hiển thị cho khách hàng',
    shownValue: (shown: number, total: number) => `${shown}/${total}`,
  },

  statuses: {
    TRAINING: 'Đang huấn luyện',
    ACCEPTED: 'Hoàn tất',
    FAILED: 'Thất bại',
  } as Record<'TRAINING' | 'ACCEPTED' | 'FAILED', string>,
  serving: 'đang dùng',

  explain: {
    heading: 'Cách đọc số liệu',
    items: [
      'Mỗi lần huấn luyện, mô hình được học trên các lần kiểm tra trước một ngày mốc rồi dự đoán các lần kiểm tra sau mốc đó (kiểm tra lại – backtest).',
      'Brier: sai số bình phương trung bình giữa xác suất dự đoán và kết quả thật; thấp hơn là tốt hơn.',
      'AUC: khả năng xếp xe sẽ hỏng lên trên xe không hỏng; cao hơn là tốt hơn, 0,5 là đoán ngẫu nhiên.',
      'Mức trung bình: dự đoán mọi xe bằng tỷ lệ hỏng chung của hạng mục. Hạng mục chỉ hiển thị cho khách hàng khi Brier của mô hình thấp hơn mức trung bình.',
      'Thang đo tuổi thọ: theo km (hao mòn do quãng đường, λ tính bằng nghìn km), theo tuổi xe (lão hoá theo thời gian, λ tính bằng tháng) hoặc theo km và tuổi xe (mỗi tháng tuổi tính như η nghìn km). Mỗi nhóm xe dùng thang mà dữ liệu ủng hộ.',
    ],
  },

  component: {
    accepted: 'Đang dùng',
    refused: 'Không dùng: chưa tốt hơn mức trung bình',
    noEvidence: 'Không dùng: chưa đủ dữ liệu',
    dataSize: (inspections: string, failures: string, cutoff: string) =>
      `Kiểm tra lại trên ${inspections} lần kiểm tra (${failures} lần hỏng) từ ngày ${cutoff}.`,
    noBacktest: 'Chưa đủ dữ liệu để kiểm tra lại hạng mục này.',
    brierBetter: (percent: string) => `Brier của mô hình thấp hơn mức trung bình ${percent} (thấp hơn là tốt hơn).`,
    brierNotBetter: 'Brier của mô hình không thấp hơn mức trung bình (thấp hơn là tốt hơn), nên hạng mục này không hiển thị cho khách hàng.',
    metricsCaption: (label: string) => `Mô hình so với mức trung bình – ${label}`,
    metric: 'Chỉ số',
    model: 'Mô hình',
    baseline: 'Mức trung bình',
    brier: 'Brier (thấp hơn là tốt hơn)',
    auc: 'AUC (cao hơn là tốt hơn)',
    inspections: 'Số lần kiểm tra',
    failures: 'Số lần hỏng',
    rate: 'Tỷ lệ hỏng chung',
    modelsCaption: (label: string) => `Mô hình theo nhóm xe – ${label}`,
    noModels: 'Chưa nhóm xe nào đủ dữ liệu (tối thiểu 30 lần kiểm tra và 5 lần hỏng).',
    pool: 'Nhóm xe',
    clock: 'Thang đo tuổi thọ',
    shape: 'Hệ số hình dạng k',
    scale: 'Thang λ',
    ageing: 'Lão hoá η (nghìn km/tháng)',
    steps: 'Số lần kiểm tra',
    poolFailures: 'Số lần hỏng',
    scrollLabel: (caption: string) => `${caption} (cuộn ngang)`,
  },

  /** The clock a model's life runs on (wearModel.WearClock). */
  clocks: {
    km: 'Theo km',
    age: 'Theo tuổi xe',
    'km+age': 'Theo km và tuổi xe',
  } as Record<'km' | 'age' | 'km+age', string>,

  levels: {
    family: 'Dòng xe',
    type: 'Loại xe',
    fleet: 'Toàn bộ xe',
  } as Record<'family' | 'type' | 'fleet', string>,
  /** The vehicle types a 'type' pool is keyed by. */
  vehicleTypes: {
    scooter: 'Xe máy điện',
    motorbike: 'Mô tô điện',
    car: 'Ô tô điện',
  } as Record<string, string>,

  calibration: {
    title: (label: string) => `Hiệu chuẩn – ${label}`,
    empty: 'Chưa có số liệu hiệu chuẩn cho hạng mục này.',
    group: 'Nhóm',
    groupName: (index: number) => `Nhóm ${index}`,
    predicted: 'Dự đoán trung bình',
    observed: 'Tỷ lệ hỏng thực tế',
    count: 'Số lần kiểm tra',
    xAxis: 'Dự đoán →',
    yAxis: '↑ Thực tế',
    legendPoints: 'Một nhóm dự đoán (thập phân vị)',
    legendDiagonal: 'Đường chéo: thực tế bằng dự đoán',
    summary: (label: string, groups: number, worstPredicted: string, worstObserved: string) =>
      `Biểu đồ hiệu chuẩn của ${label}: ${groups} nhóm dự đoán, điểm càng gần đường chéo thì dự đoán càng sát thực tế; lệch nhiều nhất ở nhóm dự đoán ${worstPredicted} với thực tế ${worstObserved}.`,
  },

  history: {
    heading: 'Các phiên bản khác',
    caption: 'Các lần huấn luyện khác (mới nhất trước)',
    id: 'Phiên bản',
    status: 'Trạng thái',
    date: 'Thời gian',
    note: 'Ghi chú',
    empty: 'Chưa có phiên bản nào khác.',
    shown: (shown: number, total: number) => `${shown}/${total} hạng mục hiển thị cho khách hàng`,
  },
} as const;
