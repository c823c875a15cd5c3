import type { SymptomCode } from 'shared-contracts/diagnostics';

/**
 * The diagnosis test set: how owners describe trouble in the free-text box of /services/chan-doan (and in a
 * booking's note), each with the symptoms it must be matched to — no more, no fewer. Written as people type: with
 * and without diacritics, teen-code spellings ('ko', 'dc'), run-on sentences, the southern 'thắng' for the brake,
 * negations, and texts that name no symptom at all (expected []). The first four are issue 36's own.
 * Kept in the repository and run by symptomPhrasings.test.ts, which prints the share matched exactly.
 */
export interface Phrasing {
  text: string;
  symptoms: SymptomCode[];
}

export const SYMPTOM_PHRASINGS: readonly Phrasing[] = [
  // issue 36
  { text: 'phanh bị kêu ken két', symptoms: ['BRAKE_NOISE'] },
  { text: 'sạc không đầy', symptoms: ['SLOW_CHARGING'] },
  { text: 'xe đi yếu, lên dốc không nổi', symptoms: ['POWER_LOSS'] },
  { text: 'xe sạc qua đêm không đầy', symptoms: ['SLOW_CHARGING'] },
  // the page's own example, whole
  { text: 'xe sạc qua đêm không đầy, đi được ít hơn trước', symptoms: ['RANGE_DROP', 'SLOW_CHARGING'] },

  // charging
  { text: 'Cắm sạc mà pin không lên chút nào', symptoms: ['NOT_CHARGING'] },
  { text: 'sac ko vao', symptoms: ['NOT_CHARGING'] },
  { text: 'Xe em cắm sạc cả đêm mà pin vẫn đứng im', symptoms: ['NOT_CHARGING'] },
  { text: 'sạc không được nữa, đèn sạc không sáng', symptoms: ['NOT_CHARGING'] },
  { text: 'Sạc mãi không đầy, trước 4 tiếng giờ phải 8 tiếng', symptoms: ['SLOW_CHARGING'] },
  { text: 'pin chỉ lên được 80% là dừng', symptoms: ['SLOW_CHARGING'] },
  { text: 'sac lau day hon truoc nhieu', symptoms: ['SLOW_CHARGING'] },
  { text: 'Cục sạc nóng ran, sạc được một lúc thì tự ngắt', symptoms: ['CHARGER_FAULT'] },
  { text: 'bộ sạc không lên đèn khi cắm vào ổ điện', symptoms: ['CHARGER_FAULT'] },
  { text: 'Dây sạc bị chập, có lúc nháy đỏ', symptoms: ['CHARGER_FAULT'] },
  { text: 'Rửa xe xong thấy cổng sạc bị ướt', symptoms: ['WATER_IN_PORT'] },
  { text: 'đi mưa về lỗ sạc đọng nước', symptoms: ['WATER_IN_PORT'] },

  // battery and range
  { text: 'Pin tụt nhanh lắm, sáng đầy chiều đã hết', symptoms: ['FAST_DRAIN'] },
  { text: 'xe hao pin hon truoc', symptoms: ['FAST_DRAIN'] },
  { text: 'Để qua đêm không đi mà pin xuống nhanh', symptoms: ['FAST_DRAIN'] },
  { text: 'Đi được có 40km là hết pin, trước đi được 80km', symptoms: ['RANGE_DROP'] },
  { text: 'quãng đường đi được giảm hẳn so với lúc mới mua', symptoms: ['RANGE_DROP'] },
  { text: 'pin bị chai rồi hay sao ấy', symptoms: ['RANGE_DROP'] },
  { text: 'Mỗi lần sạc đầy chỉ chạy được 50 km', symptoms: ['RANGE_DROP'] },
  { text: 'Pin nóng bất thường sau khi đi đường dài', symptoms: ['BATTERY_HOT'] },
  { text: 'màn hình báo nhiệt độ pin cao', symptoms: ['BATTERY_HOT'] },
  { text: 'Bình điện bị phồng lên', symptoms: ['BATTERY_HOT'] },

  // brakes
  { text: 'Thắng sau kêu rít khi trời mưa', symptoms: ['BRAKE_NOISE'] },
  { text: 'phanh truoc keu ket ket moi khi bop', symptoms: ['BRAKE_NOISE'] },
  { text: 'Mỗi lần bóp phanh nghe tiếng kin kít', symptoms: ['BRAKE_NOISE'] },
  { text: 'Phanh sau kêu khi đi mưa.', symptoms: ['BRAKE_NOISE'] },
  { text: 'phanh ăn kém, phải bóp sát tay mới dừng', symptoms: ['BRAKE_WEAK'] },
  { text: 'Bóp phanh sâu mà xe vẫn trôi', symptoms: ['BRAKE_WEAK'] },
  { text: 'Má phanh mòn hết rồi', symptoms: ['BRAKE_WEAK'] },
  { text: 'đang đi thì mất phanh, may mà dừng kịp', symptoms: ['BRAKE_FAILURE'] },
  { text: 'bóp phanh xe không dừng được', symptoms: ['BRAKE_FAILURE'] },

  // tyres, chassis
  { text: 'Lốp sau hay bị non hơi, bơm xong vài hôm lại xẹp', symptoms: ['TYRE_LOW'] },
  { text: 'bánh trước cán đinh', symptoms: ['TYRE_LOW'] },
  { text: 'vỏ xe bị xì', symptoms: ['TYRE_LOW'] },
  { text: 'Xe rung mạnh khi chạy trên 40 km/h', symptoms: ['VIBRATION'] },
  { text: 'tay lái bị lắc, đầu xe chao khi qua ổ gà', symptoms: ['VIBRATION'] },

  // motor and ride
  { text: 'Động cơ kêu ù ù khi tăng tốc', symptoms: ['MOTOR_NOISE'] },
  { text: 'xe có tiếng lạ khi chạy, lạch cạch ở bánh sau', symptoms: ['MOTOR_NOISE'] },
  { text: 'Mô tơ kêu to hơn bình thường', symptoms: ['MOTOR_NOISE'] },
  { text: 'Màn hình báo lỗi, hiện mã E05', symptoms: ['MOTOR_ERROR'] },
  { text: 'đồng hồ hiện biểu tượng cờ lê màu vàng', symptoms: ['MOTOR_ERROR'] },
  { text: 'Xe yếu hẳn, vặn hết ga mà chỉ chạy được 30', symptoms: ['POWER_LOSS'] },
  { text: 'xe hiện đèn rùa rồi đi chậm rì', symptoms: ['POWER_LOSS'] },
  { text: 'chở 2 người là không leo được dốc', symptoms: ['POWER_LOSS'] },
  { text: 'Xe thỉnh thoảng mất ga.', symptoms: ['JERKY_THROTTLE'] },
  { text: 'tay ga lúc ăn lúc không, đang đi thì khựng lại', symptoms: ['JERKY_THROTTLE'] },
  { text: 'xe bị giật cục khi mới khởi hành', symptoms: ['JERKY_THROTTLE'] },

  // safety
  { text: 'Có mùi khét ở gầm xe', symptoms: ['SMOKE_OR_BURNING'] },
  { text: 'thấy khói bốc lên từ cốp', symptoms: ['SMOKE_OR_BURNING'] },
  { text: 'Chạm vào khung xe bị điện giật tê tay', symptoms: ['HV_WARNING'] },
  { text: 'Hôm qua đi qua chỗ ngập, nước vào tới sàn', symptoms: ['WATER_IN_BATTERY'] },
  { text: 'xe bị ngập nước, giờ không lên nguồn', symptoms: ['WATER_IN_BATTERY', 'WONT_START'] },

  // lights, power
  { text: 'Đèn pha không sáng', symptoms: ['LIGHTS_OUT'] },
  { text: 'xi nhan trái lúc sáng lúc không', symptoms: ['LIGHTS_OUT'] },
  { text: 'Bấm nút mà xe không lên, màn hình tối đen', symptoms: ['WONT_START'] },
  { text: 'xe dang chay tu tat nguon', symptoms: ['WONT_START'] },

  // several at once
  { text: 'Xe em dạo này tụt pin rất nhanh, đi không được xa như trước', symptoms: ['FAST_DRAIN', 'RANGE_DROP'] },
  { text: 'phanh keu, lop non hoi', symptoms: ['BRAKE_NOISE', 'TYRE_LOW'] },
  { text: 'pin nóng và có mùi khét khi sạc', symptoms: ['BATTERY_HOT', 'SMOKE_OR_BURNING'] },

  // more as owners wrote them on the floor's intake forms
  { text: 'xe không chạy được nữa', symptoms: ['WONT_START'] },
  { text: 'xe chạy một lúc thì tự tắt', symptoms: ['WONT_START'] },
  { text: 'sạc tới 90% thì không lên nữa', symptoms: ['SLOW_CHARGING'] },
  { text: 'Chạy được 20km là hết pin', symptoms: ['RANGE_DROP'] },
  { text: 'sáng sạc đầy mà trưa đã còn 20%', symptoms: ['FAST_DRAIN'] },
  { text: 'xe tăng tốc chậm hơn trước', symptoms: ['POWER_LOSS'] },
  { text: 'có tiếng cạch cạch ở bánh trước khi đi đường xấu', symptoms: ['MOTOR_NOISE'] },
  { text: 'Lốp mòn hết gai rồi', symptoms: ['TYRE_LOW'] },
  { text: 'Xe ko len nguon', symptoms: ['WONT_START'] },
  { text: 'đèn hậu bị cháy', symptoms: ['LIGHTS_OUT'] },
  { text: 'mùi khét khi sạc', symptoms: ['SMOKE_OR_BURNING'] },
  { text: 'Sạc không vô điện', symptoms: ['NOT_CHARGING'] },

  // nothing to match, or said not to be there
  { text: 'Mọi thứ bình thường, chỉ muốn bảo dưỡng định kỳ', symptoms: [] },
  { text: 'Phanh không kêu, chỉ muốn kiểm tra tổng quát', symptoms: [] },
  { text: 'xe không bị tụt pin, sạc vẫn đầy bình thường', symptoms: [] },
  { text: 'Kiểm tra giúp điều hòa.', symptoms: [] },
  { text: 'xe rungg', symptoms: [] },
  { text: 'tháng trước vừa thay lốp mới', symptoms: [] },
  { text: 'xe chạy êm, không có vấn đề gì', symptoms: [] },
  { text: 'mua xe mới muốn bảo dưỡng lần đầu', symptoms: [] },
];
