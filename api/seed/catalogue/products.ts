import type { VehicleType } from 'shared-contracts/schemas';

/**
 * The demo products (phụ tùng): parts, chargers, cables, tools and accessories for the electric vehicles
 * common in Vietnam (VinFast e-scooters and cars, Dat Bike, Yadea, Pega). Prices are realistic retail prices
 * in integer VND (late 2026); `sales` is the units sold that 'popular' sorts on; `addedOn` is when the product
 * entered the catalogue (what 'newest' sorts on), fixed so that a re-seed keeps the order.
 */
export interface ProductSeed {
  sku: string;
  name: string;
  category: string;
  brand: string;
  price: number;
  originalPrice?: number;
  stock: number;
  sales: number;
  models: string[];
  vehicleTypes: VehicleType[];
  warrantyMonths: number;
  specs: [label: string, value: string][];
  /** One or two sentences: what it is and why pick it. */
  blurb: string;
  addedOn: string;
}

const VF_SCOOTERS = ['VinFast Evo200', 'VinFast Evo200 Lite', 'VinFast Feliz S', 'VinFast Klara S', 'VinFast Vento S', 'VinFast Theon S'];
const VF_CARS = ['VinFast VF 3', 'VinFast VF 5 Plus', 'VinFast VF 6', 'VinFast VF 7', 'VinFast VF 8', 'VinFast VF 9', 'VinFast VF e34'];
const DAT_BIKE = ['Dat Bike Weaver++', 'Dat Bike Weaver 200', 'Dat Bike Quantum S'];
const YADEA = ['Yadea Xmen Neo', 'Yadea Odora', 'Yadea G5', 'Yadea Voltguard', 'Yadea Orla'];
const PEGA = ['Pega NewTech', 'Pega Aura', 'Pega Cap A', 'Pega eSH'];
const SCOOTERS_48V = ['Yadea Xmen Neo', 'Yadea Odora', 'Pega Cap A', 'Pega Aura', 'VinFast Evo200 Lite'];
const SCOOTERS_60V = ['Yadea G5', 'Yadea Voltguard', 'Pega NewTech', 'Pega eSH', 'VinFast Feliz S', 'VinFast Klara S'];
const TWO_WHEELERS = [...VF_SCOOTERS, ...DAT_BIKE, ...YADEA, ...PEGA];

export const PRODUCTS: readonly ProductSeed[] = [
  // Pin & bộ sạc ---------------------------------------------------------------------------------------
  {
    sku: 'BAT-LFP-4820', name: 'Pin Lithium-ion LFP 48V 20Ah', category: 'pin-bo-sac', brand: 'ev-service',
    price: 4_690_000, originalPrice: 5_290_000, stock: 24, sales: 318, models: SCOOTERS_48V, vehicleTypes: ['scooter'], warrantyMonths: 24,
    specs: [['Điện áp', '48V'], ['Dung lượng', '20Ah (960Wh)'], ['Hóa học', 'LiFePO4'], ['Tuổi thọ', '≥ 2.000 chu kỳ'], ['Khối lượng', '9,8 kg']],
    blurb: 'Pin LiFePO4 thay thế cho pin chì – axit 48V, nhẹ hơn một nửa và bền gấp 3 lần. Tích hợp mạch BMS cân bằng cell.',
    addedOn: '2026-02-10',
  },
  {
    sku: 'BAT-LI-6030', name: 'Pin Lithium-ion 60V 30Ah', category: 'pin-bo-sac', brand: 'samsung-sdi',
    price: 8_490_000, originalPrice: 9_200_000, stock: 12, sales: 204, models: SCOOTERS_60V, vehicleTypes: ['scooter'], warrantyMonths: 24,
    specs: [['Điện áp', '60V'], ['Dung lượng', '30Ah (1,8 kWh)'], ['Cell', 'Samsung SDI 21700'], ['Quãng đường', 'khoảng 90–110 km/lần sạc'], ['Khối lượng', '12,5 kg']],
    blurb: 'Pin lithium dùng cell Samsung SDI 21700, tăng quãng đường cho xe 60V lên khoảng 100 km mỗi lần sạc.',
    addedOn: '2026-03-02',
  },
  {
    sku: 'BAT-LI-7232', name: 'Pin Lithium-ion 72V 32Ah cho xe tay ga', category: 'pin-bo-sac', brand: 'lg-energy-solution',
    price: 11_900_000, stock: 6, sales: 87, models: ['Yadea Orla', 'Yadea Voltguard', 'Pega eSH'], vehicleTypes: ['scooter'], warrantyMonths: 24,
    specs: [['Điện áp', '72V'], ['Dung lượng', '32Ah (2,3 kWh)'], ['Cell', 'LG 21700 M50LT'], ['Chuẩn chống nước', 'IP67'], ['Khối lượng', '15 kg']],
    blurb: 'Pin 72V dung lượng lớn dùng cell LG, vỏ nhôm chống nước IP67, phù hợp xe tay ga công suất cao.',
    addedOn: '2026-06-18',
  },
  {
    sku: 'BAT-PB-6020', name: 'Bộ pin chì – axit 60V 20Ah (5 bình)', category: 'pin-bo-sac', brand: 'ev-service',
    price: 2_850_000, stock: 30, sales: 421, models: ['Pega NewTech', 'Pega Aura', 'Yadea Odora'], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp', '60V (5 × 12V)'], ['Dung lượng', '20Ah'], ['Loại', 'Chì – axit kín khí (VRLA)'], ['Khối lượng', '32 kg']],
    blurb: 'Bộ 5 bình ắc quy 12V 20Ah chuyên dụng cho xe điện, giá tiết kiệm; đổi bình cũ được trừ tiền.',
    addedOn: '2026-01-12',
  },
  {
    sku: 'BAT-PB-4812', name: 'Bộ pin chì – axit 48V 12Ah (4 bình)', category: 'pin-bo-sac', brand: 'ev-service',
    price: 1_650_000, stock: 45, sales: 512, models: ['Yadea Xmen Neo', 'Pega Cap A'], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp', '48V (4 × 12V)'], ['Dung lượng', '12Ah'], ['Loại', 'Chì – axit kín khí (VRLA)'], ['Khối lượng', '16 kg']],
    blurb: 'Ắc quy 48V 12Ah cho xe đạp điện và xe máy điện cỡ nhỏ, lắp đặt trong 30 phút tại cửa hàng.',
    addedOn: '2026-01-05',
  },
  {
    sku: 'BAT-DB-WEAVER', name: 'Pin Dat Bike Weaver 4,3 kWh', category: 'pin-bo-sac', brand: 'dat-bike',
    price: 26_500_000, stock: 3, sales: 21, models: ['Dat Bike Weaver++', 'Dat Bike Weaver 200'], vehicleTypes: ['motorbike'], warrantyMonths: 36,
    specs: [['Điện áp', '72V'], ['Dung lượng', '4,3 kWh'], ['Quãng đường', 'đến 200 km'], ['Sạc nhanh', '0–100% trong 3 giờ'], ['Khối lượng', '24 kg']],
    blurb: 'Khối pin chính hãng Dat Bike cho dòng Weaver, bảo hành 3 năm, đổi trả theo chính sách hãng.',
    addedOn: '2026-05-21',
  },
  {
    sku: 'CHG-48V-3A', name: 'Bộ sạc pin lithium 48V 3A', category: 'pin-bo-sac', brand: 'ev-service',
    price: 690_000, stock: 60, sales: 689, models: SCOOTERS_48V, vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp ra', '54,6V'], ['Dòng sạc', '3A'], ['Đầu cắm', 'XLR 3 chân'], ['Bảo vệ', 'Quá áp, quá nhiệt, ngắn mạch']],
    blurb: 'Sạc thông minh tự ngắt khi đầy, quạt tản nhiệt êm; dùng cho pin lithium 48V (13S).',
    addedOn: '2026-02-01',
  },
  {
    sku: 'CHG-60V-5A', name: 'Bộ sạc nhanh 60V 5A', category: 'pin-bo-sac', brand: 'ev-service',
    price: 1_290_000, originalPrice: 1_490_000, stock: 35, sales: 455, models: SCOOTERS_60V, vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp ra', '67,2V'], ['Dòng sạc', '5A'], ['Thời gian sạc', 'khoảng 4–5 giờ (30Ah)'], ['Vỏ', 'Nhôm, quạt kép']],
    blurb: 'Bộ sạc nhanh rút ngắn gần một nửa thời gian sạc cho pin lithium 60V (16S).',
    addedOn: '2026-04-08',
  },
  {
    sku: 'CHG-PB-60V', name: 'Bộ sạc ắc quy 60V 20Ah', category: 'pin-bo-sac', brand: 'ev-service',
    price: 450_000, stock: 70, sales: 802, models: ['Pega NewTech', 'Pega Aura', 'Yadea Odora'], vehicleTypes: ['scooter'], warrantyMonths: 6,
    specs: [['Điện áp ra', '73,5V'], ['Dòng sạc', '2,8A'], ['Chế độ', '3 giai đoạn, có khử sunfat'], ['Đèn báo', 'Đỏ: đang sạc, xanh: đầy']],
    blurb: 'Sạc ắc quy chì 3 giai đoạn giúp bình bền hơn, có chế độ khử sunfat.',
    addedOn: '2026-01-20',
  },
  {
    sku: 'CHG-VF-SCOOTER', name: 'Bộ sạc chính hãng VinFast cho xe máy điện', category: 'pin-bo-sac', brand: 'vinfast',
    price: 1_850_000, stock: 18, sales: 264, models: VF_SCOOTERS, vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Công suất', '400W'], ['Dòng sạc', '6A'], ['Tương thích', 'Pin LFP VinFast'], ['Chiều dài dây', '1,5 m']],
    blurb: 'Bộ sạc theo xe VinFast, đúng giao thức giao tiếp với BMS của pin LFP chính hãng.',
    addedOn: '2026-03-15',
  },
  {
    sku: 'CHG-VF-WALL-74', name: 'Bộ sạc treo tường VinFast 7,4 kW', category: 'pin-bo-sac', brand: 'vinfast',
    price: 14_500_000, originalPrice: 15_900_000, stock: 8, sales: 96, models: VF_CARS, vehicleTypes: ['car'], warrantyMonths: 24,
    specs: [['Công suất', '7,4 kW (1 pha, 32A)'], ['Chuẩn sạc', 'Type 2 (IEC 62196)'], ['Kết nối', 'Wi-Fi, Bluetooth, ứng dụng VinFast'], ['Chuẩn bảo vệ', 'IP55']],
    blurb: 'Sạc ô tô điện tại nhà qua đêm: VF 8 từ 10% lên 100% trong khoảng 11 giờ. Đã gồm khảo sát điện tại nhà.',
    addedOn: '2026-07-01',
  },
  {
    sku: 'CHG-VF-PORTABLE', name: 'Bộ sạc di động VinFast 2,2 kW', category: 'pin-bo-sac', brand: 'vinfast',
    price: 7_600_000, stock: 14, sales: 143, models: VF_CARS, vehicleTypes: ['car'], warrantyMonths: 12,
    specs: [['Công suất', '2,2 kW (10A)'], ['Phích cắm', 'Ổ cắm 3 chấu gia đình'], ['Đầu sạc', 'Type 2'], ['Chiều dài', '5 m']],
    blurb: 'Sạc ô tô điện từ ổ cắm thường khi đi xa, gọn trong túi đựng kèm theo.',
    addedOn: '2026-04-22',
  },
  {
    sku: 'CHG-YD-72V', name: 'Bộ sạc Yadea 72V 4A', category: 'pin-bo-sac', brand: 'yadea',
    price: 1_150_000, stock: 22, sales: 198, models: ['Yadea Orla', 'Yadea Voltguard'], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp ra', '84V'], ['Dòng sạc', '4A'], ['Đầu cắm', 'Theo xe Yadea'], ['Bảo vệ', 'Tự ngắt khi đầy']],
    blurb: 'Sạc chính hãng Yadea cho dòng 72V, đầu cắm đúng theo xe.',
    addedOn: '2026-05-05',
  },
  // Động cơ điện ---------------------------------------------------------------------------------------
  {
    sku: 'MOT-HUB-1200', name: 'Động cơ bánh trung tâm 1200W', category: 'dong-co-dien', brand: 'ev-service',
    price: 3_890_000, stock: 10, sales: 156, models: SCOOTERS_48V, vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Công suất', '1200W'], ['Điện áp', '48–60V'], ['Vành', '10 inch'], ['Tốc độ tối đa', '50 km/h']],
    blurb: 'Động cơ hub không chổi than, nam châm N45, chạy êm và tiết kiệm điện.',
    addedOn: '2026-02-18',
  },
  {
    sku: 'MOT-HUB-2000', name: 'Động cơ bánh trung tâm 2000W', category: 'dong-co-dien', brand: 'ev-service',
    price: 5_450_000, stock: 7, sales: 98, models: SCOOTERS_60V, vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Công suất', '2000W'], ['Điện áp', '60–72V'], ['Vành', '12 inch'], ['Tốc độ tối đa', '65 km/h']],
    blurb: 'Động cơ hub công suất lớn cho xe tay ga 60–72V, leo dốc tốt khi chở hai người.',
    addedOn: '2026-03-28',
  },
  {
    sku: 'MOT-HUB-3000', name: 'Động cơ bánh trung tâm 3000W QS', category: 'dong-co-dien', brand: 'ev-service',
    price: 7_900_000, stock: 4, sales: 41, models: ['Yadea Orla', 'Yadea Voltguard', 'Pega eSH'], vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 18,
    specs: [['Công suất', '3000W (đỉnh 6000W)'], ['Điện áp', '72V'], ['Vành', '12 inch'], ['Làm mát', 'Dầu làm mát']],
    blurb: 'Động cơ QS 3000W làm mát bằng dầu, cho xe độ và xe tay ga hiệu suất cao.',
    addedOn: '2026-08-09',
  },
  {
    sku: 'MOT-VF-EVO', name: 'Động cơ VinFast Evo200 chính hãng', category: 'dong-co-dien', brand: 'vinfast',
    price: 4_950_000, stock: 5, sales: 63, models: ['VinFast Evo200', 'VinFast Evo200 Lite'], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Công suất danh định', '1500W'], ['Công suất tối đa', '2500W'], ['Loại', 'Động cơ in-hub'], ['Chuẩn chống nước', 'IP57']],
    blurb: 'Động cơ thay thế chính hãng cho VinFast Evo200, lắp đặt và cân chỉnh tại trung tâm.',
    addedOn: '2026-06-02',
  },
  {
    sku: 'MOT-DB-MIDDRIVE', name: 'Động cơ đặt giữa Dat Bike 6 kW', category: 'dong-co-dien', brand: 'dat-bike',
    price: 12_800_000, stock: 2, sales: 12, models: DAT_BIKE, vehicleTypes: ['motorbike'], warrantyMonths: 36,
    specs: [['Công suất', '6 kW (đỉnh 11 kW)'], ['Mô-men xoắn', '157 Nm tại bánh'], ['Truyền động', 'Xích'], ['Làm mát', 'Gió cưỡng bức']],
    blurb: 'Động cơ đặt giữa chính hãng Dat Bike, tăng tốc 0–50 km/h trong khoảng 3 giây.',
    addedOn: '2026-09-14',
  },
  {
    sku: 'CTL-48-60-30A', name: 'Bộ điều khiển sin 48–60V 30A', category: 'dong-co-dien', brand: 'ev-service',
    price: 1_250_000, stock: 26, sales: 287, models: [...SCOOTERS_48V, ...SCOOTERS_60V], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp', '48–60V'], ['Dòng tối đa', '30A'], ['Dạng sóng', 'Sin (FOC)'], ['Công suất phù hợp', '800–1500W']],
    blurb: 'IC điều khiển sóng sin FOC cho xe chạy êm, không rít; có chế độ 3 tốc độ và chống trôi dốc.',
    addedOn: '2026-02-25',
  },
  {
    sku: 'CTL-72-45A', name: 'Bộ điều khiển 72V 45A có Bluetooth', category: 'dong-co-dien', brand: 'ev-service',
    price: 2_350_000, originalPrice: 2_690_000, stock: 11, sales: 119, models: ['Yadea Orla', 'Yadea Voltguard', 'Pega eSH'], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp', '60–72V'], ['Dòng tối đa', '45A'], ['Kết nối', 'Bluetooth, ứng dụng cài đặt'], ['Công suất phù hợp', '2000–3000W']],
    blurb: 'Bộ điều khiển cài đặt được qua điện thoại: giới hạn tốc độ, lực kéo, phanh tái sinh.',
    addedOn: '2026-07-19',
  },
  {
    sku: 'CTL-VF-KLARA', name: 'Bộ điều khiển VinFast Klara S', category: 'dong-co-dien', brand: 'vinfast',
    price: 2_900_000, stock: 6, sales: 48, models: ['VinFast Klara S'], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp', '60V'], ['Giao tiếp', 'CAN với BMS và đồng hồ'], ['Chuẩn chống nước', 'IP65']],
    blurb: 'Bộ điều khiển chính hãng cho Klara S, cần cập nhật phần mềm sau khi lắp (đã gồm trong giá).',
    addedOn: '2026-05-30',
  },
  {
    sku: 'THR-HALL-UNI', name: 'Tay ga điện cảm biến Hall', category: 'dong-co-dien', brand: 'ev-service',
    price: 280_000, stock: 80, sales: 734, models: [...YADEA, ...PEGA], vehicleTypes: ['scooter'], warrantyMonths: 6,
    specs: [['Điện áp cấp', '5V'], ['Tín hiệu', '0,8–4,2V'], ['Jack', '3 dây'], ['Có', 'Đèn báo mức pin']],
    blurb: 'Tay ga thay thế có báo mức pin, dùng cho phần lớn xe máy điện Yadea, Pega.',
    addedOn: '2026-01-28',
  },
  {
    sku: 'SNS-HALL-SET', name: 'Bộ cảm biến Hall động cơ (3 chiếc)', category: 'dong-co-dien', brand: 'ev-service',
    price: 65_000, stock: 150, sales: 388, models: TWO_WHEELERS, vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 3,
    specs: [['Mã', 'SS41F'], ['Số lượng', '3 chiếc'], ['Nhiệt độ làm việc', '-40 đến 150 °C']],
    blurb: 'Cảm biến Hall thay thế khi động cơ giật, không chạy hoặc báo lỗi Hall.',
    addedOn: '2026-02-05',
  },
  {
    sku: 'BRG-6203-2RS', name: 'Bạc đạn động cơ 6203-2RS (cặp)', category: 'dong-co-dien', brand: 'ev-service',
    price: 120_000, stock: 120, sales: 241, models: TWO_WHEELERS, vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 3,
    specs: [['Mã', '6203-2RS'], ['Kích thước', '17 × 40 × 12 mm'], ['Số lượng', '2 vòng bi']],
    blurb: 'Vòng bi kín hai mặt cao su cho động cơ hub, hết tiếng kêu ù khi chạy.',
    addedOn: '2026-03-09',
  },
  // Cáp sạc -------------------------------------------------------------------------------------------
  {
    sku: 'CBL-T2-7KW-5M', name: 'Cáp sạc Type 2 – Type 2 7 kW 5 m', category: 'cap-sac', brand: 'ev-service',
    price: 3_790_000, originalPrice: 4_200_000, stock: 20, sales: 176, models: VF_CARS, vehicleTypes: ['car'], warrantyMonths: 24,
    specs: [['Công suất', '7,4 kW (32A, 1 pha)'], ['Chiều dài', '5 m'], ['Chuẩn', 'IEC 62196-2'], ['Vỏ', 'TPU chịu nhiệt, IP55']],
    blurb: 'Cáp sạc AC dùng tại trụ sạc công cộng không có dây sẵn; kèm túi đựng.',
    addedOn: '2026-04-01',
  },
  {
    sku: 'CBL-T2-22KW-7M', name: 'Cáp sạc Type 2 – Type 2 22 kW 7 m', category: 'cap-sac', brand: 'ev-service',
    price: 5_990_000, stock: 9, sales: 64, models: ['VinFast VF 7', 'VinFast VF 8', 'VinFast VF 9'], vehicleTypes: ['car'], warrantyMonths: 24,
    specs: [['Công suất', '22 kW (32A, 3 pha)'], ['Chiều dài', '7 m'], ['Chuẩn', 'IEC 62196-2'], ['Tiết diện', '5 × 6 mm² + 1 × 0,5 mm²']],
    blurb: 'Cáp 3 pha dài 7 m cho trụ AC 22 kW, dây dày ít nóng khi sạc lâu.',
    addedOn: '2026-08-20',
  },
  {
    sku: 'ADP-CCS2-T2', name: 'Đầu chuyển sạc CCS2 sang Type 2', category: 'cap-sac', brand: 'ev-service',
    price: 2_450_000, stock: 15, sales: 88, models: VF_CARS, vehicleTypes: ['car'], warrantyMonths: 12,
    specs: [['Dòng tối đa', '32A AC'], ['Chất liệu', 'PC chống cháy UL94 V-0'], ['Nhiệt độ làm việc', '-30 đến 50 °C']],
    blurb: 'Bộ chuyển cho phép dùng cáp Type 2 với xe cổng CCS2 ở trụ AC.',
    addedOn: '2026-06-25',
  },
  {
    sku: 'CBL-SC-XLR-2M', name: 'Dây sạc xe máy điện jack XLR 2 m', category: 'cap-sac', brand: 'ev-service',
    price: 180_000, stock: 140, sales: 612, models: [...YADEA, ...PEGA], vehicleTypes: ['scooter'], warrantyMonths: 6,
    specs: [['Jack', 'XLR 3 chân'], ['Chiều dài', '2 m'], ['Tiết diện', '2 × 1,5 mm²']],
    blurb: 'Dây nối từ bộ sạc tới xe, lõi đồng dày, đầu jack đúc liền chống lỏng.',
    addedOn: '2026-01-15',
  },
  {
    sku: 'CBL-EXT-3M-16A', name: 'Dây nối dài sạc xe điện 3 m 16A', category: 'cap-sac', brand: 'ev-service',
    price: 350_000, stock: 95, sales: 433, models: TWO_WHEELERS, vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 12,
    specs: [['Dòng tối đa', '16A'], ['Chiều dài', '3 m'], ['Tiết diện', '3 × 2,5 mm²'], ['Có', 'Nắp che mưa']],
    blurb: 'Dây nối dài chịu tải cao để sạc xe ở nhà xe, có nắp che mưa ở ổ cắm.',
    addedOn: '2026-02-14',
  },
  {
    sku: 'CBL-VF-SC', name: 'Cáp sạc VinFast cho xe máy điện 1,8 m', category: 'cap-sac', brand: 'vinfast',
    price: 390_000, stock: 44, sales: 205, models: VF_SCOOTERS, vehicleTypes: ['scooter'], warrantyMonths: 6,
    specs: [['Chiều dài', '1,8 m'], ['Đầu cắm', 'Theo xe VinFast'], ['Tương thích', 'Bộ sạc VinFast 400W']],
    blurb: 'Cáp thay thế chính hãng cho bộ sạc xe máy điện VinFast.',
    addedOn: '2026-03-22',
  },
  {
    sku: 'CBL-DB-FAST', name: 'Cáp sạc nhanh Dat Bike 1,5 m', category: 'cap-sac', brand: 'dat-bike',
    price: 650_000, stock: 16, sales: 57, models: DAT_BIKE, vehicleTypes: ['motorbike'], warrantyMonths: 12,
    specs: [['Chiều dài', '1,5 m'], ['Dòng tối đa', '16A'], ['Tương thích', 'Trạm sạc nhanh Dat Bike']],
    blurb: 'Cáp sạc nhanh chính hãng Dat Bike, dùng tại nhà và trạm sạc Dat Bike.',
    addedOn: '2026-07-07',
  },
  {
    sku: 'SOC-IND-16A', name: 'Ổ cắm công nghiệp 16A chống nước', category: 'cap-sac', brand: 'ev-service',
    price: 290_000, stock: 58, sales: 147, models: [...VF_CARS, ...TWO_WHEELERS], vehicleTypes: ['scooter', 'motorbike', 'car'], warrantyMonths: 12,
    specs: [['Dòng định mức', '16A 250V'], ['Chuẩn bảo vệ', 'IP44'], ['Lắp đặt', 'Gắn tường']],
    blurb: 'Ổ cắm riêng cho sạc xe điện tại nhà, tránh quá tải ổ cắm sinh hoạt.',
    addedOn: '2026-05-12',
  },
  // Dụng cụ --------------------------------------------------------------------------------------------
  {
    sku: 'TL-FLUKE-117', name: 'Đồng hồ vạn năng Fluke 117', category: 'dung-cu', brand: 'fluke',
    price: 6_350_000, stock: 7, sales: 52, models: [], vehicleTypes: ['scooter', 'motorbike', 'car'], warrantyMonths: 36,
    specs: [['Điện áp DC', '600V'], ['Đo', 'True-RMS, điện dung, tần số'], ['Tính năng', 'VoltAlert không tiếp xúc'], ['An toàn', 'CAT III 600V']],
    blurb: 'Đồng hồ vạn năng chuẩn thợ điện, đo chính xác điện áp pin và dò lỗi dây.',
    addedOn: '2026-02-20',
  },
  {
    sku: 'TL-FLUKE-323', name: 'Ampe kìm Fluke 323', category: 'dung-cu', brand: 'fluke',
    price: 3_950_000, stock: 9, sales: 38, models: [], vehicleTypes: ['scooter', 'motorbike', 'car'], warrantyMonths: 24,
    specs: [['Dòng AC', '400A True-RMS'], ['Điện áp', '600V AC/DC'], ['Độ mở hàm', '30 mm'], ['An toàn', 'CAT IV 300V']],
    blurb: 'Ampe kìm đo dòng sạc và dòng rò mà không cần tháo dây.',
    addedOn: '2026-04-15',
  },
  {
    sku: 'TL-XM-PUMP-2', name: 'Máy bơm lốp điện Xiaomi 2', category: 'dung-cu', brand: 'xiaomi',
    price: 990_000, originalPrice: 1_190_000, stock: 40, sales: 377, models: [], vehicleTypes: ['scooter', 'motorbike', 'car'], warrantyMonths: 12,
    specs: [['Áp suất tối đa', '150 psi'], ['Pin', '2.000 mAh, sạc USB-C'], ['Tính năng', 'Tự ngắt theo áp suất cài sẵn']],
    blurb: 'Bơm lốp cầm tay nhỏ gọn, cài sẵn áp suất cho xe máy và ô tô, tự dừng khi đủ.',
    addedOn: '2026-06-10',
  },
  {
    sku: 'TL-TOTAL-TQ', name: 'Cờ lê lực Total 1/2" 28–210 Nm', category: 'dung-cu', brand: 'total',
    price: 890_000, stock: 18, sales: 69, models: [], vehicleTypes: ['scooter', 'motorbike', 'car'], warrantyMonths: 12,
    specs: [['Dải lực', '28–210 Nm'], ['Đầu', '1/2 inch'], ['Độ chính xác', '± 4%']],
    blurb: 'Siết ốc bánh xe và ốc động cơ đúng lực theo hướng dẫn của hãng.',
    addedOn: '2026-03-04',
  },
  {
    sku: 'TL-INSUL-1000', name: 'Bộ dụng cụ cách điện 1000V (13 món)', category: 'dung-cu', brand: 'total',
    price: 2_490_000, stock: 8, sales: 33, models: [], vehicleTypes: ['car', 'motorbike'], warrantyMonths: 12,
    specs: [['Tiêu chuẩn', 'VDE / IEC 60900'], ['Điện áp', '1000V AC'], ['Gồm', 'Tua vít, kìm, cờ lê, đầu tuýp']],
    blurb: 'Dụng cụ cách điện bắt buộc khi làm việc với hệ thống điện cao áp của ô tô điện.',
    addedOn: '2026-08-02',
  },
  {
    sku: 'TL-BAT-TEST', name: 'Máy đo nội trở pin lithium', category: 'dung-cu', brand: 'ev-service',
    price: 1_690_000, stock: 12, sales: 74, models: [], vehicleTypes: ['scooter', 'motorbike', 'car'], warrantyMonths: 12,
    specs: [['Điện áp đo', '0–100V'], ['Nội trở', '0–200 mΩ'], ['Phương pháp', 'AC 4 dây, 1 kHz']],
    blurb: 'Đánh giá sức khỏe từng cell pin nhanh chóng, phát hiện cell yếu trước khi hỏng.',
    addedOn: '2026-05-18',
  },
  {
    sku: 'TL-TOTAL-SOCKET', name: 'Bộ tuýp Total 46 chi tiết', category: 'dung-cu', brand: 'total',
    price: 650_000, stock: 33, sales: 158, models: [], vehicleTypes: ['scooter', 'motorbike', 'car'], warrantyMonths: 12,
    specs: [['Số chi tiết', '46'], ['Đầu', '1/4 inch'], ['Chất liệu', 'Thép CR-V']],
    blurb: 'Bộ tuýp gọn trong hộp nhựa, đủ dùng cho bảo dưỡng xe máy điện tại nhà.',
    addedOn: '2026-01-30',
  },
  {
    sku: 'TL-XM-SCREW', name: 'Bộ tua vít điện Xiaomi 24 đầu', category: 'dung-cu', brand: 'xiaomi',
    price: 590_000, stock: 27, sales: 211, models: [], vehicleTypes: ['scooter', 'motorbike', 'car'], warrantyMonths: 12,
    specs: [['Số đầu', '24 (thép S2)'], ['Mô-men', '2 cấp'], ['Sạc', 'USB-C']],
    blurb: 'Tua vít điện nhỏ gọn để tháo ốp nhựa, hộc pin và đèn.',
    addedOn: '2026-09-01',
  },
  {
    sku: 'TL-OBD-EV', name: 'Thiết bị chẩn đoán OBD2 cho ô tô điện', category: 'dung-cu', brand: 'bosch',
    price: 4_800_000, stock: 5, sales: 22, models: VF_CARS, vehicleTypes: ['car'], warrantyMonths: 12,
    specs: [['Giao tiếp', 'OBD2, CAN FD'], ['Đọc', 'Mã lỗi, SOH pin, nhiệt độ cell'], ['Kết nối', 'Bluetooth']],
    blurb: 'Đọc mã lỗi và tình trạng pin cao áp ngay trên điện thoại.',
    addedOn: '2026-10-03',
  },
  // Phanh & lốp ---------------------------------------------------------------------------------------
  {
    sku: 'BRK-PAD-SC', name: 'Má phanh đĩa xe máy điện', category: 'phanh-lop', brand: 'ev-service',
    price: 150_000, stock: 160, sales: 934, models: TWO_WHEELERS, vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 3,
    specs: [['Vật liệu', 'Bán kim loại'], ['Vị trí', 'Trước hoặc sau'], ['Đóng gói', '1 cặp']],
    blurb: 'Má phanh bám tốt khi trời mưa, ít bụi, không rít.',
    addedOn: '2026-01-08',
  },
  {
    sku: 'BRK-PAD-VF8', name: 'Má phanh trước Bosch cho VinFast VF 8', category: 'phanh-lop', brand: 'bosch',
    price: 1_850_000, stock: 14, sales: 61, models: ['VinFast VF 8', 'VinFast VF 9'], vehicleTypes: ['car'], warrantyMonths: 12,
    specs: [['Vị trí', 'Bánh trước'], ['Vật liệu', 'Gốm (ceramic)'], ['Đóng gói', '4 má']],
    blurb: 'Má phanh gốm Bosch êm và bền, phù hợp xe nặng có phanh tái sinh.',
    addedOn: '2026-07-25',
  },
  {
    sku: 'BRK-DISC-220', name: 'Đĩa phanh 220 mm xe máy điện', category: 'phanh-lop', brand: 'ev-service',
    price: 420_000, stock: 38, sales: 187, models: [...YADEA, ...PEGA, 'VinFast Klara S', 'VinFast Theon S'], vehicleTypes: ['scooter'], warrantyMonths: 6,
    specs: [['Đường kính', '220 mm'], ['Độ dày', '4 mm'], ['Lỗ bắt', '3 lỗ']],
    blurb: 'Đĩa phanh thép không gỉ cắt laser, tản nhiệt tốt.',
    addedOn: '2026-02-28',
  },
  {
    sku: 'BRK-FLUID-DOT4', name: 'Dầu phanh Bosch DOT 4 (500 ml)', category: 'phanh-lop', brand: 'bosch',
    price: 145_000, stock: 90, sales: 402, models: [], vehicleTypes: ['scooter', 'motorbike', 'car'], warrantyMonths: 0,
    specs: [['Chuẩn', 'DOT 4'], ['Dung tích', '500 ml'], ['Điểm sôi khô', '≥ 260 °C']],
    blurb: 'Dầu phanh nên thay mỗi 2 năm để phanh luôn ăn.',
    addedOn: '2026-03-18',
  },
  {
    sku: 'TYR-MCL-90-90-12', name: 'Lốp Michelin City Grip 2 90/90-12', category: 'phanh-lop', brand: 'michelin',
    price: 890_000, stock: 25, sales: 266, models: ['Yadea G5', 'Yadea Voltguard', 'VinFast Klara S', 'VinFast Vento S'], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Cỡ lốp', '90/90-12'], ['Loại', 'Không săm'], ['Chỉ số', '54P'], ['Gai', 'Chống trượt đường ướt']],
    blurb: 'Lốp bám đường ướt hàng đầu, phù hợp mùa mưa ở Việt Nam.',
    addedOn: '2026-04-28',
  },
  {
    sku: 'TYR-CSM-90-90-10', name: 'Lốp Casumina 90/90-10 không săm', category: 'phanh-lop', brand: 'casumina',
    price: 390_000, stock: 50, sales: 498, models: ['Yadea Xmen Neo', 'Yadea Odora', 'Pega Cap A', 'VinFast Evo200', 'VinFast Feliz S'], vehicleTypes: ['scooter'], warrantyMonths: 6,
    specs: [['Cỡ lốp', '90/90-10'], ['Loại', 'Không săm'], ['Sản xuất', 'Việt Nam']],
    blurb: 'Lốp Việt Nam giá tốt, bền, gai sâu đi đường phố.',
    addedOn: '2026-01-22',
  },
  {
    sku: 'TYR-MCL-VF3', name: 'Lốp Michelin Energy XM2+ 175/65R16 (VF 3)', category: 'phanh-lop', brand: 'michelin',
    price: 2_350_000, stock: 16, sales: 72, models: ['VinFast VF 3'], vehicleTypes: ['car'], warrantyMonths: 24,
    specs: [['Cỡ lốp', '175/65R16'], ['Chỉ số tải/tốc độ', '86H'], ['Đặc tính', 'Giảm lực cản lăn, tăng quãng đường']],
    blurb: 'Lốp tiết kiệm năng lượng cho VinFast VF 3, êm và ít ồn trong phố.',
    addedOn: '2026-08-15',
  },
  {
    sku: 'TYR-MCL-VF8', name: 'Lốp Michelin Pilot Sport EV 235/55R19 (VF 8)', category: 'phanh-lop', brand: 'michelin',
    price: 5_900_000, stock: 8, sales: 29, models: ['VinFast VF 8'], vehicleTypes: ['car'], warrantyMonths: 24,
    specs: [['Cỡ lốp', '235/55R19'], ['Chỉ số', '105W XL'], ['Công nghệ', 'Acoustic giảm ồn']],
    blurb: 'Lốp chuyên cho xe điện mô-men xoắn lớn, giảm ồn trong khoang.',
    addedOn: '2026-09-20',
  },
  {
    sku: 'TYR-DB-REAR', name: 'Lốp sau Dat Bike 120/70-17', category: 'phanh-lop', brand: 'dat-bike',
    price: 1_150_000, stock: 10, sales: 45, models: DAT_BIKE, vehicleTypes: ['motorbike'], warrantyMonths: 12,
    specs: [['Cỡ lốp', '120/70-17'], ['Loại', 'Không săm'], ['Vị trí', 'Bánh sau']],
    blurb: 'Lốp sau theo xe Dat Bike Weaver, bám tốt khi tăng tốc mạnh.',
    addedOn: '2026-06-28',
  },
  // Đèn & linh kiện điện --------------------------------------------------------------------------------
  {
    sku: 'LGT-LED-HEAD', name: 'Đèn pha LED xe máy điện 12–80V', category: 'den-linh-kien-dien', brand: 'ev-service',
    price: 450_000, stock: 42, sales: 233, models: [...YADEA, ...PEGA], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp', '12–80V DC'], ['Công suất', '18W'], ['Quang thông', '1.800 lm'], ['Chế độ', 'Pha / cốt']],
    blurb: 'Đèn LED sáng trắng, tầm chiếu xa, dải điện áp rộng lắp thẳng không cần hạ áp.',
    addedOn: '2026-02-08',
  },
  {
    sku: 'DCDC-72-12', name: 'Bộ chuyển đổi DC-DC 48–72V ra 12V 15A', category: 'den-linh-kien-dien', brand: 'ev-service',
    price: 320_000, stock: 55, sales: 298, models: [...YADEA, ...PEGA, ...SCOOTERS_60V], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Điện áp vào', '36–90V'], ['Điện áp ra', '12V'], ['Dòng ra', '15A'], ['Chống nước', 'Đổ keo IP67']],
    blurb: 'Hạ áp cấp điện cho đèn, còi, sạc điện thoại; đổ keo chống nước.',
    addedOn: '2026-03-11',
  },
  {
    sku: 'BMS-16S-40A', name: 'Mạch BMS 16S 60V 40A có cân bằng', category: 'den-linh-kien-dien', brand: 'ev-service',
    price: 890_000, stock: 19, sales: 104, models: SCOOTERS_60V, vehicleTypes: ['scooter'], warrantyMonths: 6,
    specs: [['Cấu hình', '16S (LiFePO4) / 60V'], ['Dòng xả liên tục', '40A'], ['Cân bằng', 'Chủ động 1A'], ['Giao tiếp', 'Bluetooth']],
    blurb: 'Mạch bảo vệ pin: quá sạc, xả sâu, quá dòng, quá nhiệt; xem điện áp từng cell trên điện thoại.',
    addedOn: '2026-07-12',
  },
  {
    sku: 'HRN-12V-EV', name: 'Còi điện 12V chống nước', category: 'den-linh-kien-dien', brand: 'bosch',
    price: 160_000, stock: 70, sales: 176, models: TWO_WHEELERS, vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 6,
    specs: [['Điện áp', '12V'], ['Âm lượng', '110 dB'], ['Chống nước', 'IP65']],
    blurb: 'Còi Bosch âm lượng lớn, chống nước, lắp qua bộ DC-DC.',
    addedOn: '2026-05-02',
  },
  {
    sku: 'FUS-KIT-EV', name: 'Bộ cầu chì và giá cầu chì 60–72V', category: 'den-linh-kien-dien', brand: 'ev-service',
    price: 95_000, stock: 110, sales: 321, models: TWO_WHEELERS, vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 0,
    specs: [['Gồm', '10 cầu chì 10–40A + 1 giá'], ['Điện áp', 'đến 80V DC']],
    blurb: 'Cầu chì dự phòng cho mạch sạc và mạch động lực, nên mang theo xe.',
    addedOn: '2026-01-18',
  },
  {
    sku: 'SW-KEY-SC', name: 'Ổ khóa điện xe máy điện', category: 'den-linh-kien-dien', brand: 'ev-service',
    price: 240_000, stock: 36, sales: 143, models: [...YADEA, ...PEGA], vehicleTypes: ['scooter'], warrantyMonths: 6,
    specs: [['Số dây', '2 dây'], ['Gồm', 'Ổ khóa, 2 chìa'], ['Chống', 'Nắp che chống trộm']],
    blurb: 'Ổ khóa điện thay thế kèm nắp che từ tính chống phá khóa.',
    addedOn: '2026-04-05',
  },
  {
    sku: 'DSP-VF-DASH', name: 'Đồng hồ hiển thị LCD VinFast Feliz S', category: 'den-linh-kien-dien', brand: 'vinfast',
    price: 1_350_000, stock: 6, sales: 34, models: ['VinFast Feliz S'], vehicleTypes: ['scooter'], warrantyMonths: 12,
    specs: [['Màn hình', 'LCD 5 inch'], ['Hiển thị', 'Tốc độ, % pin, quãng đường, mã lỗi'], ['Giao tiếp', 'CAN']],
    blurb: 'Cụm đồng hồ chính hãng thay cho màn hình bị mờ, hở nước hoặc mất hiển thị.',
    addedOn: '2026-10-12',
  },
  // Phụ kiện ------------------------------------------------------------------------------------------
  {
    sku: 'ACC-HELMET-34', name: 'Mũ bảo hiểm 3/4 có kính', category: 'phu-kien', brand: 'ev-service',
    price: 420_000, stock: 65, sales: 547, models: [], vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 6,
    specs: [['Loại', '3/4 đầu'], ['Tiêu chuẩn', 'QCVN 2:2021/BKHCN'], ['Cỡ', 'M, L, XL'], ['Kính', 'Chống tia UV']],
    blurb: 'Mũ 3/4 đạt quy chuẩn Việt Nam, lót tháo giặt được, kính chống chói.',
    addedOn: '2026-02-22',
  },
  {
    sku: 'ACC-COVER-SC', name: 'Áo trùm xe máy điện chống nắng mưa', category: 'phu-kien', brand: 'ev-service',
    price: 190_000, stock: 85, sales: 389, models: TWO_WHEELERS, vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 0,
    specs: [['Chất liệu', 'Vải dù phủ bạc'], ['Kích thước', 'Cỡ L (xe tay ga)'], ['Có', 'Lỗ khóa chống trộm']],
    blurb: 'Che nắng mưa cho xe để ngoài trời, bảo vệ cổng sạc và đồng hồ.',
    addedOn: '2026-03-25',
  },
  {
    sku: 'ACC-PHONE-MNT', name: 'Giá đỡ điện thoại gắn xe có sạc USB', category: 'phu-kien', brand: 'ev-service',
    price: 260_000, stock: 74, sales: 458, models: TWO_WHEELERS, vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 6,
    specs: [['Cổng sạc', 'USB-A + USB-C 18W'], ['Điện áp vào', '12V (qua DC-DC)'], ['Kẹp', 'Điện thoại 4,7–7 inch']],
    blurb: 'Kẹp chắc chắn, xoay 360°, sạc điện thoại khi chạy xe.',
    addedOn: '2026-05-26',
  },
  {
    sku: 'ACC-GPS-TRACK', name: 'Thiết bị định vị chống trộm xe điện', category: 'phu-kien', brand: 'ev-service',
    price: 1_190_000, originalPrice: 1_450_000, stock: 23, sales: 167, models: TWO_WHEELERS, vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 12,
    specs: [['Định vị', 'GPS + LBS'], ['Kết nối', '4G'], ['Tính năng', 'Cảnh báo rung, ngắt điện từ xa'], ['Phí duy trì', 'Miễn phí năm đầu']],
    blurb: 'Theo dõi xe trên điện thoại, báo động khi xe bị di chuyển và ngắt điện từ xa.',
    addedOn: '2026-08-28',
  },
  {
    sku: 'ACC-DASHCAM', name: 'Camera hành trình Xiaomi 70mai A500S', category: 'phu-kien', brand: 'xiaomi',
    price: 2_390_000, stock: 13, sales: 91, models: VF_CARS, vehicleTypes: ['car'], warrantyMonths: 12,
    specs: [['Độ phân giải', '2,7K'], ['Tính năng', 'ADAS, giám sát đỗ xe'], ['Kết nối', 'Wi-Fi, ứng dụng 70mai']],
    blurb: 'Camera hành trình 2,7K, quay đêm rõ, tiếng Việt trên ứng dụng.',
    addedOn: '2026-06-15',
  },
  {
    sku: 'ACC-MAT-VF5', name: 'Thảm lót sàn VinFast VF 5 Plus', category: 'phu-kien', brand: 'vinfast',
    price: 1_490_000, stock: 17, sales: 83, models: ['VinFast VF 5 Plus'], vehicleTypes: ['car'], warrantyMonths: 6,
    specs: [['Chất liệu', 'TPE không mùi'], ['Gồm', '3 tấm (trước, sau)'], ['Vừa khít', 'Theo khuôn sàn VF 5']],
    blurb: 'Thảm đúc theo khuôn sàn, gờ cao giữ nước và bùn đất.',
    addedOn: '2026-07-30',
  },
  {
    sku: 'ACC-TOPBOX-30L', name: 'Thùng sau xe máy điện 30 lít', category: 'phu-kien', brand: 'ev-service',
    price: 550_000, stock: 29, sales: 122, models: [...YADEA, ...PEGA, ...VF_SCOOTERS], vehicleTypes: ['scooter'], warrantyMonths: 6,
    specs: [['Dung tích', '30 lít'], ['Khóa', 'Chìa khóa riêng'], ['Chất liệu', 'Nhựa ABS']],
    blurb: 'Thùng đựng vừa mũ bảo hiểm 3/4, tháo lắp nhanh.',
    addedOn: '2026-04-19',
  },
  {
    sku: 'ACC-RAINCOAT', name: 'Áo mưa bộ chống thấm', category: 'phu-kien', brand: 'ev-service',
    price: 280_000, stock: 100, sales: 276, models: [], vehicleTypes: ['scooter', 'motorbike'], warrantyMonths: 0,
    specs: [['Chất liệu', 'Vải PVC phủ PU'], ['Gồm', 'Áo + quần'], ['Cỡ', 'M – 3XL']],
    blurb: 'Bộ áo quần mưa chống thấm, phản quang buổi tối.',
    addedOn: '2026-09-08',
  },
  {
    sku: 'ACC-VF-WIPER', name: 'Gạt mưa Bosch Aerotwin cho VinFast VF e34', category: 'phu-kien', brand: 'bosch',
    price: 690_000, stock: 21, sales: 58, models: ['VinFast VF e34', 'VinFast VF 6'], vehicleTypes: ['car'], warrantyMonths: 6,
    specs: [['Kích thước', '26" + 16"'], ['Loại', 'Lưỡi mềm không xương'], ['Gồm', '1 cặp']],
    blurb: 'Gạt mưa không xương, sạch kính, không rung khi chạy nhanh.',
    addedOn: '2026-10-18',
  },
];
