/**
 * The search relevance set: queries a Vietnamese EV owner types into the shop's search box, each with the title
 * that must come first from the seeded demo catalogue (api/seed/catalogue). Typed with and without diacritics,
 * with model names written as owners write them ("vf3", "vf 3", "klara"), with one-edit typos and with telex
 * slips (the tone or vowel key typed as a letter: "sacj" for "sạc", "ddoongf" for "đồng"). The suite
 * (relevance.test.ts) and bench:search print the share that pass.
 */
export type RelevanceKind = 'plain' | 'model' | 'typo' | 'telex';

export interface RelevanceCase {
  query: string;
  /** The title of the hit that must be first. */
  first: string;
  kind: RelevanceKind;
}

const PAD_SCOOTER = 'Má phanh đĩa xe máy điện';
const PAD_VF8 = 'Má phanh trước Bosch cho VinFast VF 8';
const TYRE_KLARA = 'Lốp Michelin City Grip 2 90/90-12';
const TYRE_VF3 = 'Lốp Michelin Energy XM2+ 175/65R16 (VF 3)';
const CAR_CHARGER = 'Bộ sạc di động VinFast 2,2 kW';
const MULTIMETER = 'Đồng hồ vạn năng Fluke 117';

export const RELEVANCE_SET: readonly RelevanceCase[] = [
  // Vehicle models: the query's model matched against what a product fits.
  { query: 'lốp klara', first: TYRE_KLARA, kind: 'model' },
  { query: 'lop klara s', first: TYRE_KLARA, kind: 'model' },
  { query: 'lốp vf3', first: TYRE_VF3, kind: 'model' },
  { query: 'lop vf 8', first: 'Lốp Michelin Pilot Sport EV 235/55R19 (VF 8)', kind: 'model' },
  { query: 'sạc vf3', first: CAR_CHARGER, kind: 'model' },
  { query: 'sạc vf 3', first: CAR_CHARGER, kind: 'model' },
  { query: 'sac o to', first: CAR_CHARGER, kind: 'model' },
  { query: 'sac oto', first: CAR_CHARGER, kind: 'model' },
  { query: 'sạc cho xe vf3', first: CAR_CHARGER, kind: 'model' },
  { query: 'má phanh vf8', first: PAD_VF8, kind: 'model' },
  { query: 'ma phanh vf9', first: PAD_VF8, kind: 'model' },
  { query: 'thảm lót sàn vf5', first: 'Thảm lót sàn VinFast VF 5 Plus', kind: 'model' },
  { query: 'gat mua vf6', first: 'Gạt mưa Bosch Aerotwin cho VinFast VF e34', kind: 'model' },
  { query: 'bộ điều khiển klara', first: 'Bộ điều khiển VinFast Klara S', kind: 'model' },
  { query: 'dong ho feliz', first: 'Đồng hồ hiển thị LCD VinFast Feliz S', kind: 'model' },
  { query: 'động cơ evo200', first: 'Động cơ VinFast Evo200 chính hãng', kind: 'model' },
  { query: 'dong co evo 200', first: 'Động cơ VinFast Evo200 chính hãng', kind: 'model' },
  { query: 'pin weaver', first: 'Pin Dat Bike Weaver 4,3 kWh', kind: 'model' },
  { query: 'lốp dat bike', first: 'Lốp sau Dat Bike 120/70-17', kind: 'model' },
  { query: 'sạc yadea', first: 'Bộ sạc Yadea 72V 4A', kind: 'model' },
  { query: 'pin klara', first: 'Pin Lithium-ion 60V 30Ah', kind: 'model' },

  // One-edit typos, and the common slip of 'f' for 'ph'.
  { query: 'ma fanh', first: PAD_SCOOTER, kind: 'typo' },
  { query: 'lop michlin', first: TYRE_KLARA, kind: 'typo' },
  { query: 'dong ho van nag', first: MULTIMETER, kind: 'typo' },
  { query: 'bom lop xiomi', first: 'Máy bơm lốp điện Xiaomi 2', kind: 'typo' },
  { query: 'lop casumia', first: 'Lốp Casumina 90/90-10 không săm', kind: 'typo' },
  { query: 'camra hanh trinh', first: 'Camera hành trình Xiaomi 70mai A500S', kind: 'typo' },
  { query: 'bo dieu khien bluetoth', first: 'Bộ điều khiển 72V 45A có Bluetooth', kind: 'typo' },
  { query: 'ampe kim fluk', first: 'Ampe kìm Fluke 323', kind: 'typo' },

  // Telex slips: a tone or vowel key left in the word.
  { query: 'sacj vf3', first: CAR_CHARGER, kind: 'telex' },
  { query: 'loops klara', first: TYRE_KLARA, kind: 'telex' },
  { query: 'ddoongf hoof vanj nawng', first: MULTIMETER, kind: 'telex' },
  { query: 'masy bowm lops', first: 'Máy bơm lốp điện Xiaomi 2', kind: 'telex' },
  { query: 'mux baor hieemr', first: 'Mũ bảo hiểm 3/4 có kính', kind: 'telex' },
  { query: 'ddenf pha', first: 'Đèn pha LED xe máy điện 12–80V', kind: 'telex' },
  { query: 'caps sacj 22kw', first: 'Cáp sạc Type 2 – Type 2 22 kW 7 m', kind: 'telex' },

  // Plain queries, with and without diacritics.
  { query: 'má phanh', first: PAD_SCOOTER, kind: 'plain' },
  { query: 'đĩa phanh', first: 'Đĩa phanh 220 mm xe máy điện', kind: 'plain' },
  { query: 'dau phanh dot 4', first: 'Dầu phanh Bosch DOT 4 (500 ml)', kind: 'plain' },
  { query: 'tay ga', first: 'Tay ga điện cảm biến Hall', kind: 'plain' },
  { query: 'cảm biến hall', first: 'Bộ cảm biến Hall động cơ (3 chiếc)', kind: 'plain' },
  { query: 'bạc đạn 6203', first: 'Bạc đạn động cơ 6203-2RS (cặp)', kind: 'plain' },
  { query: 'mach bms 16s', first: 'Mạch BMS 16S 60V 40A có cân bằng', kind: 'plain' },
  { query: 'pin lfp 48v', first: 'Pin Lithium-ion LFP 48V 20Ah', kind: 'plain' },
  { query: 'pin 72v', first: 'Pin Lithium-ion 72V 32Ah cho xe tay ga', kind: 'plain' },
  { query: 'ắc quy 48v', first: 'Bộ pin chì – axit 48V 12Ah (4 bình)', kind: 'plain' },
  { query: 'BAT-LFP-4820', first: 'Pin Lithium-ion LFP 48V 20Ah', kind: 'plain' },
  { query: 'fluke 117', first: MULTIMETER, kind: 'plain' },
  { query: 'ổ khoá điện', first: 'Ổ khóa điện xe máy điện', kind: 'plain' },
  { query: 'đầu chuyển ccs2', first: 'Đầu chuyển sạc CCS2 sang Type 2', kind: 'plain' },
  { query: 'day noi dai', first: 'Dây nối dài sạc xe điện 3 m 16A', kind: 'plain' },
  { query: 'tua vit', first: 'Bộ tua vít điện Xiaomi 24 đầu', kind: 'plain' },
  { query: 'ao mua', first: 'Áo mưa bộ chống thấm', kind: 'plain' },
  { query: 'dinh vi chong trom', first: 'Thiết bị định vị chống trộm xe điện', kind: 'plain' },
  { query: 'kiểm tra pin', first: 'Kiểm tra pin & BMS', kind: 'plain' },
  { query: 'kiem tra bo sac', first: 'Kiểm tra bộ sạc & cổng sạc', kind: 'plain' },
  { query: 'cap nhat phan mem', first: 'Cập nhật phần mềm', kind: 'plain' },
  { query: 'thay lop', first: 'Thay lốp & cân bằng bánh', kind: 'plain' },
  { query: 'bảo dưỡng phanh', first: 'Bảo dưỡng phanh', kind: 'plain' },
  { query: 'goi tieu chuan', first: 'Gói tiêu chuẩn', kind: 'plain' },
  { query: 've sinh xe', first: 'Vệ sinh & dưỡng xe chuyên sâu', kind: 'plain' },
];
