import { useCallback, useId, useState, type FormEvent } from 'react';
import { formatVnd } from 'shared-contracts';
import type { LoyaltyKpiFlows, LoyaltyKpis } from 'shared-contracts/schemas';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { loyaltyApi } from './loyaltyApi';
import styles from './Loyalty.module.css';

/** The most months one query covers (LOYALTY_KPI_MONTHS_MAX of the API: a range longer is refused there too). */
const MONTHS_MAX = 24;

const points = (value: number) => value.toLocaleString('vi-VN');
/** 'YYYY-MM' → 'MM/yyyy'. */
const shownMonth = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

export const kpisText = {
  heading: 'Chỉ số điểm thưởng',
  intro: 'Theo tháng (giờ Việt Nam): điểm phát hành (tích điểm, thưởng, điều chỉnh tăng), điểm đã dùng, hoàn lại, thu hồi, hết hạn, và giá trị điểm còn phải trả khách cuối tháng.',
  from: 'Từ tháng',
  to: 'Đến tháng',
  show: 'Xem',
  loading: 'Đang tải chỉ số điểm thưởng…',
  loadFailed: 'Không tải được chỉ số điểm thưởng. Vui lòng thử lại.',
  retry: 'Thử lại',
  caption: (from: string, to: string) => `Chỉ số điểm thưởng từ ${shownMonth(from)} đến ${shownMonth(to)}`,
  month: 'Tháng',
  columns: {
    issued: 'Phát hành',
    redeemed: 'Đã dùng',
    returned: 'Hoàn lại',
    reversed: 'Thu hồi do hoàn tiền',
    expired: 'Hết hạn',
    deducted: 'Điều chỉnh giảm',
  } satisfies Record<keyof LoyaltyKpiFlows, string>,
  outstanding: 'Điểm còn lại cuối tháng',
  pointValue: 'Giá trị 1 điểm',
  liability: 'Giá trị phải trả',
  total: 'Tổng',
  monthMissing: 'Vui lòng chọn tháng.',
  order: 'Tháng bắt đầu phải trước hoặc bằng tháng kết thúc.',
  span: `Chỉ xem được tối đa ${MONTHS_MAX} tháng một lần.`,
} as const;

const t = kpisText;
const FLOWS = Object.keys(t.columns) as (keyof LoyaltyKpiFlows)[];

/** The range's own problem before anything is sent. */
function rangeProblem(from: string, to: string): string | null {
  if (!/^\d{4}-\d{2}$/.test(from) || !/^\d{4}-\d{2}$/.test(to)) return t.monthMissing;
  if (monthIndex(from) > monthIndex(to)) return t.order;
  return monthIndex(to) - monthIndex(from) + 1 > MONTHS_MAX ? t.span : null;
}

/**
 * "Chỉ số điểm thưởng": per month, the points issued, redeemed, given back, taken back, expired and deducted, and
 * what the members' points are worth at the month's end (the shop's liability, ₫). The last 12 months at first.
 */
export function LoyaltyKpisPanel() {
  const formId = useId();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const read = useCallback(
    async (signal: AbortSignal) => {
      const kpis = await loyaltyApi.kpis(range ?? {}, signal);
      setDraft({ from: kpis.from, to: kpis.to });
      return kpis;
    },
    [range],
  );
  const { state, reload } = useAsync(read, { failedText: t.loadFailed });
  const loaded = loadedOf(state);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft.from, draft.to);
    setProblem(found);
    if (found === null) setRange({ ...draft });
  };

  return (
    <section className={styles.panel} aria-labelledby="loyalty-kpis-heading">
      <div className={styles.panelHeader}>
        <h2 id="loyalty-kpis-heading">{t.heading}</h2>
      </div>
      <p className={styles.muted}>{t.intro}</p>
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="loyalty-kpis-heading">
        <div className={styles.fields}>
          {(['from', 'to'] as const).map((field) => (
            <div key={field} className={styles.field}>
              <label htmlFor={`${formId}-${field}`}>{t[field]}</label>
              <input
                id={`${formId}-${field}`}
                type="month"
                className={styles.input}
                value={draft[field]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${formId}-error` : undefined}
                onChange={(event) => {
                  const value = event.target.value;
                  setDraft((shown) => ({ ...shown, [field]: value }));
                  setProblem(null);
                }}
              />
            </div>
          ))}
        </div>
        {problem && (
          <span id={`${formId}-error`} role="alert" className={styles.fieldError}>
            {problem}
          </span>
        )}
        <div>
          <button type="submit" className={styles.secondary}>
            {t.show}
          </button>
        </div>
      </form>
      {loaded.status === 'loading' && <Loading text={t.loading} />}
      {loaded.status === 'failed' && <LoadFailed message={loaded.message} retryLabel={t.retry} onRetry={() => reload('fresh')} />}
      {loaded.status === 'ready' && <KpisTable kpis={loaded.data} />}
    </section>
  );
}

function KpisTable({ kpis }: { kpis: LoyaltyKpis }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.muted}>{t.caption(kpis.from, kpis.to)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.month}</th>
            {FLOWS.map((flow) => (
              <th key={flow} scope="col" className={styles.numeric}>
                {t.columns[flow]}
              </th>
            ))}
            <th scope="col" className={styles.numeric}>
              {t.outstanding}
            </th>
            <th scope="col" className={styles.numeric}>
              {t.pointValue}
            </th>
            <th scope="col" className={styles.numeric}>
              {t.liability}
            </th>
          </tr>
        </thead>
        <tbody>
          {kpis.months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{shownMonth(month.month)}</th>
              {FLOWS.map((flow) => (
                <td key={flow} className={styles.numeric}>
                  {points(month[flow])}
                </td>
              ))}
              <td className={styles.numeric}>{points(month.outstanding)}</td>
              <td className={styles.numeric}>{formatVnd(month.pointValue)}</td>
              <td className={styles.numeric}>{formatVnd(month.liability)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.total}</th>
            {FLOWS.map((flow) => (
              <td key={flow} className={styles.numeric}>
                {points(kpis.totals[flow])}
              </td>
            ))}
            <td colSpan={3} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
