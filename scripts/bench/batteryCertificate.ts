import { loadBatteryCertificateRenderer } from './benchApi.ts';

/**
 * `npm run bench:battery-certificate`: the battery health certificate (issue 66 §3) as GET
 * /api/vehicles/:id/battery-reports/:reportId/certificate.pdf renders it — one A4 page in Roboto with the figures,
 * the verdict and the verify URL as a QR code — BENCH_CERTIFICATES times (default 300), one after the other, each
 * with its own code and figures, after 20 of warm-up (the libraries and fonts load once per process, as in the API;
 * the two small reads before it are not measured here). Prints p50 / p95 / p99, the PDF's size and the peak memory.
 * Budget: p95 < 500 ms. Exit code 1 when it misses it.
 */
const COUNT = Number(process.env.BENCH_CERTIFICATES ?? 300);
const WARM_UP = 20;
const BUDGET_MS = 500;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const certificate = (index: number) => {
  const code = Array.from({ length: 12 }, (_, position) => ALPHABET[(index * 7 + position * 13) % 32]).join('');
  const soh = 70 + (index % 30);
  return {
    id: index + 1,
    vehicleId: 1,
    serviceOrderId: index + 1,
    serviceOrderCode: `PDV261129${String(index).padStart(4, '0')}`,
    sohPercent: soh + 0.5,
    capacityKwh: Math.round(87.7 * soh) / 100,
    ratedCapacityKwh: 87.7,
    cellSpreadMv: 10 + (index % 60),
    internalResistanceMohm: 40 + (index % 30),
    temperatureC: 27,
    odometerKm: 12_000 + index * 100,
    tool: 'Midtronics EXP-1000',
    measuredAt: new Date().toISOString(),
    flag: soh < 80 ? ('DEGRADED' as const) : ('OK' as const),
    flagLabel: soh < 80 ? 'Pin suy giảm' : 'Pin tốt',
    spreadWarning: 10 + (index % 60) > 50,
    modelLabel: 'VinFast VF 8 Plus',
    centreName: 'EV Service Cầu Giấy',
    technicianName: 'Đỗ Kỹ Thuật',
    verifyCode: code,
    verifyUrl: `https://evservice.vn/xac-minh-pin/${code}`,
    vinLast4: '3456',
    centreAddress: '123 Trần Duy Hưng, Phường Cầu Giấy, Hà Nội',
    batteryChemistry: 'NMC',
  };
};

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const { renderBatteryCertificatePdf } = await loadBatteryCertificateRenderer();
  for (let index = 0; index < WARM_UP; index += 1) await renderBatteryCertificatePdf(certificate(index));
  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < COUNT; index += 1) {
    const started = performance.now();
    const pdf = await renderBatteryCertificatePdf(certificate(WARM_UP + index));
    times.push(performance.now() - started);
    bytes = pdf.length;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(sorted, q).toFixed(1));
  const ok = Number(p95) < BUDGET_MS;
  console.log(`${COUNT} certificates: p50 ${p50} / p95 ${p95} / p99 ${p99} ms, ${(bytes / 1024).toFixed(0)} KB PDF ${ok ? '✓' : `✗ (budget p95 < ${BUDGET_MS} ms)`}`);
  console.log(`peak memory (max RSS): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  if (!ok) process.exitCode = 1;
}

void main();
