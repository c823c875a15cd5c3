import { lazily } from '../format/lazily';
import { foldVietnamese } from '../text/foldVietnamese';
import { SYMPTOMS, type SymptomCode } from './symptoms';

/**
 * Free text → the symptom vocabulary (spec predictive.md §3: "Free text is matched to symptoms with
 * Vietnamese-folded keywords"). The one matcher: the API's POST /diagnostics uses it, and so would any screen.
 *
 * How a text is read:
 * 1. It is cut into clauses at punctuation and at 'nhưng', so that a cue never spans two statements.
 * 2. Each clause is folded (foldVietnamese: no diacritics, lower case) into words, and the ways people type a word
 *    become one spelling ('ko', 'k', 'hok' → 'khong'; 'dc', 'đc' → 'duoc'; 'xạc' → 'sac'; 'thắng', the southern
 *    word for the brake, → 'phanh' when typed with its diacritics, as 'thang' is also 'tháng').
 * 3. A symptom matches when one of its cues does. A cue is one or more groups of alternatives (each alternative a
 *    run of whole words): every group must occur in the clause, in any order, all within CUE_WINDOW words
 *    ('phanh bị kêu ken két': 'phanh' + 'kêu'). An occurrence right after a negation ('không', 'chưa', 'chẳng',
 *    maybe with 'bị', 'có', 'thấy' between: 'phanh không kêu', 'không bị tụt pin') does not count, unless the
 *    alternative itself says the negation ('sạc + không vào'). A cue may name words that rule it out in the
 *    same clause ('đèn + không sáng' is not about the lights when the clause says 'đèn báo').
 *
 * The cues are written below as strings: groups joined by ' + ', alternatives by '|', and after ' ! ' the words that
 * rule the cue out; with diacritics for the reader, folded at load. The test set of real phrasings
 * (api/test/modules/diagnostics/symptomPhrasings.ts) says what they must catch and what they must leave alone.
 */

/** The words of one cue's groups may stand at most this far apart (first word of the first to last of the last). */
export const CUE_WINDOW = 8;

// Words that several cues share.
const BATTERY = 'pin|bình|bình điện|ắc quy|ắc-quy|acquy';
const CHARGE = 'sạc|cắm sạc';
const CHARGER = 'bộ sạc|cục sạc|củ sạc|dây sạc|đầu sạc|adapter|sạc rời';
const BRAKE = 'phanh|má phanh|bố thắng';
const TYRE = 'lốp|vỏ|vỏ xe|bánh|bánh xe|săm|ruột|lốp xe';
const MOTOR = 'động cơ|mô tơ|motor|máy|củ động cơ';
const RIDE = 'xe|đi|chạy|máy|động cơ|mô tơ|motor';
const LAMP = 'đèn|đèn pha|đèn hậu|đèn cốt|đèn xi nhan|xi nhan|xinhan|đèn phanh|bóng đèn|pha|đèn trước|đèn sau';
const DASHBOARD = 'màn hình|đồng hồ|bảng đồng hồ|táp lô|taplo|đèn báo|đèn cảnh báo|bảng điều khiển';

const CUES: Record<SymptomCode, readonly string[]> = {
  NOT_CHARGING: [
    'không sạc được|sạc không vào|không vào điện|không nhận sạc|cắm sạc không lên|không sạc vào',
    `${CHARGE} + không vào|không vô|không được|không lên|không nhận|không ăn|không có điện|không vào điện|không báo sạc|không hiện sạc|không thấy sạc ! đầy|100|phần trăm|tự ngắt|ngắt|đèn|nóng`,
    `${BATTERY} + không lên|không tăng|đứng im|không nhích|vẫn thế|vẫn vậy + ${CHARGE}|cả đêm|qua đêm ! đầy|100|phần trăm|dốc`,
  ],
  FAST_DRAIN: [
    'tụt pin|hao pin|sụt pin|hết pin nhanh|hụt pin|tuột pin|rớt pin|xuống pin|mau hết pin|nhanh hết pin',
    `${BATTERY} + tụt|hao|sụt|tuột|rớt|xuống nhanh|hết nhanh|mau hết|nhanh hết|giảm nhanh|cạn nhanh|tụt nhanh|yếu nhanh|xuống rất nhanh ! nóng`,
    'hết pin + nhanh|sớm|mau|nhanh quá|liền',
  ],
  RANGE_DROP: [
    'quãng đường giảm|đi được ít|đi được có|không chạy được xa|không đi được xa|chạy được có|đi không được xa|giảm quãng đường|chạy không được xa|đi không xa|chạy không xa|chai pin|pin chai|pin bị chai',
    'quãng đường|số km|số cây số|km đi được|quãng đường đi + giảm|ít|ngắn|kém|tụt|sụt|không được xa|còn có',
    'đi được|chạy được|một lần sạc|1 lần sạc|mỗi lần sạc|sạc đầy + ít hơn|ngắn hơn|kém hơn|giảm|không xa|không được xa|chỉ được|chỉ còn|còn có|chẳng được bao|chỉ chạy được|chỉ đi được',
    'đi|chạy + không được bao xa|chẳng được bao xa|ít km hơn|ít hơn trước|kém hơn trước|ngắn hơn trước',
    'đi được|chạy được + là hết pin|thì hết pin|đã hết pin|là cạn pin',
  ],
  SLOW_CHARGING: [
    'sạc lâu|sạc chậm|lâu đầy|chậm đầy|mãi không đầy|mãi mới đầy|lâu mới đầy|sạc mãi',
    `${CHARGE} + không đầy|chưa đầy|không được đầy|không lên đầy|không đủ|không tới 100|không lên 100|không lên được 100|không bao giờ đầy|không đầy pin|lâu hơn|chậm hơn|rất lâu|cả ngày|nhiều tiếng ! tự ngắt|ngắt`,
    `${BATTERY} + không đầy|chưa đầy|không lên đầy|không lên được 100|không lên 100|không tới 100|chỉ lên|chỉ được tới|chỉ đầy`,
    `${CHARGE}|${BATTERY} + phần trăm + không lên|không lên nữa|đứng im|không tăng|là dừng|thì dừng|là ngừng`,
  ],
  CHARGER_FAULT: [
    'bộ sạc không lên đèn|cục sạc nóng|sạc tự ngắt|củ sạc|bộ sạc hỏng|sạc tự tắt',
    `${CHARGER} + nóng|ngắt|tự ngắt|tự tắt|không lên đèn|không sáng đèn|đèn không sáng|đèn đỏ|nháy đỏ|nhấp nháy|hỏng|chập|kêu|bốc mùi|không hoạt động|chết|không lên`,
    `${CHARGE} + tự ngắt|ngắt|tự tắt|nhảy aptomat|nhảy cầu dao|chập`,
  ],
  WATER_IN_PORT: [
    'nước vào cổng sạc|cổng sạc bị ướt|ướt cổng sạc',
    'cổng sạc|lỗ sạc|chân sạc|ổ sạc|cổng cắm sạc|giắc sạc + nước|ướt|ẩm|dính nước|vào nước|đọng nước',
  ],
  BRAKE_NOISE: [
    'kêu khi phanh|tiếng ken két|ken két|kin kít|két két|kít kít|cót két|cọt kẹt',
    `${BRAKE} + kêu|rít|két|kít|rè|ré|cọt kẹt|cót két|kẽo kẹt|lạch cạch|có tiếng|tiếng lạ|ồn|rin rít|kêu to ! đèn`,
  ],
  BRAKE_WEAK: [
    'phanh kém|phanh không ăn|bóp phanh sâu|phanh yếu',
    `${BRAKE} + kém|yếu|không ăn|ăn kém|ít ăn|không ăn lắm|không ăn mấy|sâu|lâu ăn|trượt|mềm|lỏng|chai|không bám|trễ|mòn|hết má|hơi kém|không còn ăn ! đèn|mất|đứt|không dừng`,
    'bóp phanh|đạp phanh|bóp thắng + sâu|mãi|hết cỡ|sát tay|chạm tay|kịch',
  ],
  BRAKE_FAILURE: [
    'mất phanh|đứt phanh|phanh không hoạt động|không phanh được|hỏng phanh|phanh mất tác dụng|phanh vô tác dụng',
    `${BRAKE} + mất|đứt|không hoạt động|không còn tác dụng|vô tác dụng|không dừng|không dừng được|không ăn chút nào|hỏng hẳn|hỏng ! đèn`,
  ],
  VIBRATION: [
    'xe rung|rung lắc|lắc tay lái|bị rung|rung|rung rung|lắc lư|giật tay lái|đảo bánh|lạng tay lái',
    'xe|tay lái|ghi đông|vô lăng|bánh|bánh xe|đầu xe|thân xe|yên + lắc|đảo|lạng|chao|chòng chành|lắc lư|rơ|lỏng lẻo ! phanh|pin|đèn|sạc|ga',
  ],
  TYRE_LOW: [
    'lốp non|non hơi|thủng lốp|xì lốp|lốp xẹp|xẹp lốp|non lốp|xì hơi|hết hơi lốp|cán đinh|dính đinh|đâm đinh|thủng săm|bể bánh|bể lốp|nổ lốp',
    `${TYRE} + non|xì|xẹp|thủng|mềm|hết hơi|thiếu hơi|mất hơi|xuống hơi|hở hơi|đinh|bể|nổ|mòn|trơn|nứt|rách|phồng|mòn hết gai|hết gai ! phanh|đèn`,
  ],
  MOTOR_ERROR: [
    'báo lỗi động cơ|lỗi động cơ|đèn báo lỗi|mã lỗi|báo lỗi|hiện lỗi|báo error|hiện error|đèn cờ lê|biểu tượng cờ lê|đèn check|check engine',
    `${DASHBOARD} + lỗi|cờ lê|động cơ|error|err|mã|hình động cơ|chữ e ! pin nóng|nhiệt độ|cao áp|rùa|sạc`,
  ],
  MOTOR_NOISE: [
    'động cơ kêu|tiếng ồn|kêu ù ù|tiếng lạch cạch|ù ù|hú hú|rú rú|tiếng động lạ',
    `${MOTOR} + kêu|ồn|rú|hú|ù|rít|lạch cạch|lọc cọc|cạch cạch|rè|tiếng lạ|kêu lạ|kêu to|có tiếng ! phanh`,
    'kêu lạ|tiếng lạ|kêu to|có tiếng kêu|kêu lục cục|lục cục|lọc cọc|cạch cạch + chạy|đi|tăng tốc|ga|xe|lên dốc ! phanh|sạc',
  ],
  POWER_LOSS: [
    'mất lực kéo|xe yếu|không bốc|yếu khi lên dốc|ì máy|đèn rùa|chế độ rùa|biểu tượng rùa|hình con rùa|xe đuối|máy yếu|đi yếu|chạy yếu|yếu hẳn|hụt hơi|mất lực|không có lực',
    `${RIDE} + yếu|ì|đuối|ì ạch|không bốc|không có lực|mất lực|hụt hơi|hụt lực|chậm hẳn|kém bốc|không có sức|lờ đờ ! pin|phanh|đèn|sạc|ga`,
    'dốc + không nổi|không lên được|không leo|không lên nổi|yếu|ì|đuối|khó|chật vật|không leo được|không lên|leo không nổi',
    'tăng tốc|vặn ga|tốc độ tối đa|tốc độ + kém|chậm|yếu|ì|không lên|thấp|giảm|không được như|không bốc ! giật',
  ],
  JERKY_THROTTLE: [
    'tay ga giật|giật cục|ga không đều|vặn ga không chạy|mất ga|hụt ga|giật giật|khựng lại|bị khựng|giật khựng|lúc chạy lúc không|lúc ăn lúc không|chạy ngắt quãng',
    'ga|tay ga|chân ga + giật|không đều|lúc ăn lúc không|chập chờn|không ăn|kẹt|trả chậm|lúc được lúc không|không chạy|không nhận|chết',
    'xe|chạy|đi|tăng tốc|khởi hành + giật|khựng lại|bị khựng|ngắt quãng|bị giật ! điện|tay lái|vô lăng|phanh|sạc',
  ],
  BATTERY_HOT: [
    'pin nóng|báo pin nóng|quá nhiệt|nóng pin|phồng pin|pin phồng|pin bị phồng|báo nhiệt độ',
    `${BATTERY}|khoang pin|cốp + nóng|nóng ran|nóng rực|ấm nóng|nóng bất thường|phồng|sôi|rất nóng|nóng quá|bốc hơi nóng`,
    `${DASHBOARD} + nhiệt độ|nhiệt kế|pin nóng|nóng`,
  ],
  SMOKE_OR_BURNING: [
    'bốc khói|có khói|mùi khét|mùi cháy|khói bốc|thấy khói|ra khói|khói trắng|khói đen|khói ra|nhiều khói|khét|tia lửa|bốc cháy|chập cháy|tóe lửa|tóe điện|mùi nhựa cháy|mùi dây điện cháy|ra khói|nhả khói',
  ],
  HV_WARNING: [
    'cảnh báo cao áp|lỗi cao áp|điện cao áp|rò điện|cao áp|rò rỉ điện|điện giật|giật điện|bị giật điện|hở điện|mất cách điện|cách điện|tê tay',
  ],
  WATER_IN_BATTERY: [
    'xe bị ngập|ngập nước|nước vào pin|lội nước|ngập|lội qua|lội ngập|ngâm nước|chết đuối|đi qua chỗ ngập|nước vào khoang pin|nước vào bình',
    `nước + vào|tràn vào|lọt vào|ngấm + ${BATTERY}|khoang pin|động cơ|mô tơ|cốp|gầm`,
  ],
  LIGHTS_OUT: [
    'đèn không sáng|cháy bóng|mất đèn|đèn chập chờn|đứt bóng|cháy đèn|đèn tắt',
    `${LAMP} + không sáng|tắt|mờ|chập chờn|nhấp nháy|hỏng|cháy|không bật|không lên|lúc sáng lúc không|yếu|tối|không hoạt động|chết|đứt|không bật được ! báo|cảnh báo|lỗi|rùa|sạc|cờ lê|nhiệt|màn hình|đồng hồ`,
  ],
  WONT_START: [
    'không lên nguồn|không khởi động|không nổ máy|mất nguồn|không lên điện|không có điện|không mở được máy|không bật được xe|chết máy|sập nguồn|tự tắt nguồn|tắt ngang|tự tắt máy|không mở máy|không nổ',
    'màn hình|đồng hồ|bảng đồng hồ|xe|nguồn + không lên|tối đen|tối om|không sáng|tắt ngúm|không hiện|không bật|không mở ! đèn|phanh|sạc|dốc|ga|tốc độ',
    'bấm nút|bật khóa|vặn chìa|bật chìa|bấm start|ấn nút|mở khóa + không lên|không ăn|không được|không chạy|không phản ứng|không có gì|im re',
    'xe|máy + không chạy được|không chạy nữa|không đi được|không nhúc nhích ! ga|xa|km|dốc|bao xa|nhanh|tốc độ',
    'xe|chạy|đi|máy + tự tắt|tắt ngang|sập nguồn|tự sập|tắt máy ! sạc',
  ],
};

/** One way a word is typed → the folded spelling the cues use. */
const SPELLINGS: ReadonlyMap<string, string> = new Map([
  ...['ko', 'k', 'kg', 'hok', 'khg', 'kh', 'khum', 'hem', 'khog', 'khng'].map((word) => [word, 'khong'] as const),
  ...['dc', 'dk'].map((word) => [word, 'duoc'] as const),
  ['xac', 'sac'],
  ['wa', 'qua'],
  ['lun', 'luon'],
  ['nhiu', 'nhieu'],
]);

/**
 * Before folding: words whose diacritics tell them apart from a word that folds alike — 'thắng' (the brake) is not
 * 'tháng' (month), 'sâu' (deep) is not 'sau' (rear) — as whole words. Typed without diacritics they stay ambiguous
 * and are not read as these.
 */
const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'gu');
const BEFORE_FOLDING: ReadonlyArray<readonly [RegExp, string]> = [
  [wholeWord('thắng'), 'phanh'],
  [wholeWord('sâu'), 'sâuu'],
];

/** Words that negate what follows, and words that may stand between ('không bị kêu', 'chưa thấy tụt pin'). */
const NEGATIONS = new Set(['khong', 'chua', 'chang', 'cha']);
const BETWEEN_NEGATION = new Set(['bi', 'co', 'thay', 'con', 'he', 'phai', 'nghe', 'la']);
/** Folded words that end a clause besides punctuation. */
const CLAUSE_BREAKS = new Set(['nhung']);

interface Cue {
  groups: string[][][];
  unless: string[][];
}

/**
 * The clause as words: folded, '%' said as 'phần trăm', a number apart from its unit ('40km' → '40 km'), each typed
 * spelling to the cues' one; 'bình thường' kept apart from 'bình' (the battery).
 */
function wordsOf(clause: string): string[] {
  let text = clause.normalize('NFC').toLocaleLowerCase('vi').replace(/%/g, ' phần trăm ');
  for (const [pattern, replacement] of BEFORE_FOLDING) text = text.replace(pattern, replacement);
  const words = foldVietnamese(text)
    .replace(/(\d)([a-z])/g, '$1 $2')
    .split(' ')
    .filter(Boolean)
    .map((word) => SPELLINGS.get(word) ?? word);
  const joined: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    if (words[index] === 'binh' && words[index + 1] === 'thuong') {
      joined.push('binhthuong');
      index += 1;
    } else joined.push(words[index]!);
  }
  return joined;
}

const alternativesOf = (group: string): string[][] =>
  group
    .split('|')
    .map((alternative) => wordsOf(alternative))
    .filter((words) => words.length > 0);

function parseCue(spec: string): Cue {
  const [body, unless = ''] = spec.split(' ! ');
  return { groups: body!.split(' + ').map(alternativesOf), unless: unless ? alternativesOf(unless) : [] };
}

/** The cues folded and parsed on the first match, not when a screen merely imports the vocabulary. */
const parsed = lazily((): ReadonlyArray<{ code: SymptomCode; cues: Cue[] }> => SYMPTOMS.map((symptom) => ({ code: symptom.code, cues: CUES[symptom.code].map(parseCue) })));

interface Span {
  start: number;
  end: number;
}

function occurrences(words: readonly string[], alternative: readonly string[]): number[] {
  const found: number[] = [];
  for (let start = 0; start + alternative.length <= words.length; start += 1) {
    if (alternative.every((word, offset) => words[start + offset] === word)) found.push(start);
  }
  return found;
}

/** Whether the words at `start` are negated: a negation right before, or before one of BETWEEN_NEGATION. */
function negated(words: readonly string[], start: number): boolean {
  const before = words[start - 1];
  if (before === undefined) return false;
  if (NEGATIONS.has(before)) return true;
  return BETWEEN_NEGATION.has(before) && NEGATIONS.has(words[start - 2] ?? '');
}

/** The group's occurrences in the clause that count (not negated, unless the alternative says the negation itself). */
function groupSpans(words: readonly string[], group: readonly string[][]): Span[] {
  return group.flatMap((alternative) =>
    occurrences(words, alternative)
      .filter((start) => NEGATIONS.has(alternative[0]!) || !negated(words, start))
      .map((start) => ({ start, end: start + alternative.length })),
  );
}

/** One occurrence of each group, none overlapping another, all within CUE_WINDOW words. */
function fits(chosen: readonly Span[], rest: readonly Span[][]): boolean {
  if (rest.length === 0) return true;
  const [next, ...others] = rest;
  return next!.some((span) => {
    if (chosen.some((taken) => span.start < taken.end && taken.start < span.end)) return false;
    const all = [...chosen, span];
    const from = Math.min(...all.map((item) => item.start));
    const to = Math.max(...all.map((item) => item.end));
    return to - from <= CUE_WINDOW && fits(all, others);
  });
}

function cueMatches(words: readonly string[], cue: Cue): boolean {
  if (cue.unless.some((alternative) => occurrences(words, alternative).length > 0)) return false;
  return fits([], cue.groups.map((group) => groupSpans(words, group)));
}

/** The text's clauses as words: cut at punctuation, then at CLAUSE_BREAKS. */
function clausesOf(text: string): string[][] {
  const clauses: string[][] = [];
  for (const piece of text.split(/(?<!\d)[.,](?!\d)|[;:!?\n\r…()[\]{}"“”'‘’/\\+]+|\s[-–—]\s/u)) {
    let current: string[] = [];
    for (const word of wordsOf(piece)) {
      if (CLAUSE_BREAKS.has(word)) {
        if (current.length > 0) clauses.push(current);
        current = [];
      } else current.push(word);
    }
    if (current.length > 0) clauses.push(current);
  }
  return clauses;
}

/**
 * The symptoms a free text mentions, in vocabulary order ('xe sạc qua đêm không đầy' → SLOW_CHARGING; 'phanh bị
 * kêu ken két' → BRAKE_NOISE; 'phanh không kêu' → none; 'xe rungg' → none: words match whole).
 */
export function symptomsInText(text: string): SymptomCode[] {
  const clauses = clausesOf(text);
  if (clauses.length === 0) return [];
  return parsed().filter((symptom) => symptom.cues.some((cue) => clauses.some((words) => cueMatches(words, cue)))).map((symptom) => symptom.code);
}

/** The phrases of a symptom's one-group cues, as written (each must find its own symptom: the vocabulary's test). */
export function symptomCuePhrases(code: SymptomCode): string[] {
  return CUES[code].filter((spec) => !spec.includes(' + ')).flatMap((spec) => spec.split(' ! ')[0]!.split('|'));
}
