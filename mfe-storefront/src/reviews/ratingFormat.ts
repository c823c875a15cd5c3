let oneDecimal: Intl.NumberFormat | null = null;

/** An average as the shop writes it: one decimal, vi-VN ("4,5"; "5,0"). */
export function formatRating(average: number): string {
  oneDecimal ??= new Intl.NumberFormat('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return oneDecimal.format(average);
}
