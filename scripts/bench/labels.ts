import { loadLabelRenderer } from './benchApi.ts';

/**
 * `npm run bench:labels`: the desk's label print (issue 65 §4). BENCH_LABELS (default 500) labels, each with its own
 * tracking code, a long Vietnamese address, COD and three content lines, rendered into one PDF — A5 and 80×80 mm —
 * as POST /api/staff/shipments/labels renders them (the database read before it is four queries, not measured here).
 * Prints the time, the PDF's size and the process's peak memory. Budget: 500 labels < 10 s. Exit code 1 when a size
 * misses it.
 */
const LABELS = Number(process.env.BENCH_LABELS ?? 500);
const BUDGET_MS = 10_000;

const label = (index: number) => ({
  carrierLabel: index % 2 === 0 ? 'GHN (Giao Hàng Nhanh)' : 'GHTK (Giao Hàng Tiết Kiệm)',
  serviceLabel: index % 2 === 0 ? 'Chuẩn' : 'Đường bộ',
  trackingCode: index % 2 === 0 ? `GYK${String(index).padStart(5, '0')}N` : `S22839501.BO.HN13.A5.${1683412057 + index}`,
  orderCode: `EV261129${String(index).padStart(4, '0')}`,
  from: { name: 'Kho hàng online EV Service', phone: '1900 6868', address: 'Lô 12 KCN Quang Minh, Xã Quang Minh, Hà Nội' },
  to: { name: 'Nguyễn Thị Hồng Nhung', phone: '0912 345 678', street: `${index + 1} ngõ 54 Nguyễn Khang, tổ dân phố số 7`, ward: 'Phường Cầu Giấy', province: 'Hà Nội' },
  codAmount: index % 3 === 0 ? 0 : 1_250_000 + index * 1_000,
  weightGrams: 1_250,
  inspection: 'CHOXEMHANGKHONGTHU' as const,
  note: 'Gọi trước khi giao, giao giờ hành chính',
  lines: [
    { name: 'Má phanh trước VinFast Feliz S chính hãng', quantity: 1 },
    { name: 'Lọc gió điều hòa VinFast VF e34', quantity: 2 },
    { name: 'Dầu phanh DOT 4 Castrol 500 ml', quantity: 1 },
  ],
  createdAt: new Date().toISOString(),
});

async function main(): Promise<void> {
  const { renderShipmentLabels } = await loadLabelRenderer();
  const labels = Array.from({ length: LABELS }, (_, index) => label(index));
  await renderShipmentLabels(labels.slice(0, 1), 'A5'); // the libraries and fonts load once per process, as in the API
  let failed = false;
  for (const size of ['A5', '80x80'] as const) {
    const started = performance.now();
    const pdf = await renderShipmentLabels(labels, size);
    const ms = Math.round(performance.now() - started);
    const ok = ms < BUDGET_MS;
    failed ||= !ok;
    console.log(`${size.padEnd(6)} ${LABELS} labels: ${ms} ms, ${(pdf.length / 1024 / 1024).toFixed(1)} MB PDF ${ok ? '✓' : `✗ (budget ${BUDGET_MS} ms)`}`);
  }
  console.log(`peak memory (max RSS): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  if (failed) process.exitCode = 1;
}

void main();
