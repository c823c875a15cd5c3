let pointsFormat: Intl.NumberFormat | null = null;

/** 12.500 (members' points, grouped as in Vietnamese). */
export function formatPoints(points: number): string {
  pointsFormat ??= new Intl.NumberFormat('vi-VN');
  return pointsFormat.format(points);
}
