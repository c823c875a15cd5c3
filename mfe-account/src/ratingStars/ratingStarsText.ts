/** The stars' words, shared by the product review and the visit rating forms. */
export const ratingStarsText = {
  star: (count: number) => `${count} sao`,
  shown: (count: number) => `${count}/5 sao`,
  /** One word per level, 1 to 5 stars. */
  words: ['Rất tệ', 'Tệ', 'Bình thường', 'Tốt', 'Tuyệt vời'] as const,
} as const;

/** The word for `stars` (1..5), or '' when none is chosen. */
export function starWord(stars: number | null): string {
  return stars === null ? '' : (ratingStarsText.words[stars - 1] ?? '');
}
