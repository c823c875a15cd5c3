import { useState } from 'react';
import { addCalendarDays, formatCalendarDate, vietnamDateOf } from 'shared-contracts/calendar';
import styles from './DateRange.module.css';

/** A range of local dates (Asia/Ho_Chi_Minh), both ends included, as the API takes them (yyyy-MM-dd). */
export interface DateRange {
  from: string;
  to: string;
}

export const dateRangeText = {
  range: 'Khoảng ngày',
  from: 'Từ ngày',
  to: 'Đến ngày',
  show: 'Xem',
  shown: (from: string, to: string) => `Đang xem từ ${from} đến ${to}`,
};

/** The last `days` local days up to `today` (Vietnam's today by default, through the calendar module). */
export function lastDays(days: number, today: string = vietnamDateOf(Date.now())): DateRange {
  return { from: addCalendarDays(today, -(days - 1)), to: today };
}

interface Props {
  /** The range shown: the form starts from it, and says it as dd/MM/yyyy. */
  value: DateRange;
  /** "Xem": the range chosen (from never after to: the inputs bound each other). */
  onShow: (range: DateRange) => void;
  /** The desk's own look of its "Xem" button. */
  buttonClassName?: string;
}

/**
 * The back office's from/to form of local dates (the cash closes' history, the reconciliation): two date inputs
 * bounding each other, "Xem" to show the range, and the range shown said as dd/MM/yyyy (Asia/Ho_Chi_Minh days).
 */
export function DateRangeForm({ value, onShow, buttonClassName }: Props) {
  const [draft, setDraft] = useState(value);
  const t = dateRangeText;
  return (
    <form
      className={styles.range}
      aria-label={t.range}
      onSubmit={(event) => {
        event.preventDefault();
        onShow(draft);
      }}
    >
      <label>
        <span>{t.from}</span>
        <input type="date" value={draft.from} max={draft.to || undefined} required onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
      </label>
      <label>
        <span>{t.to}</span>
        <input type="date" value={draft.to} min={draft.from || undefined} required onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
      </label>
      <button type="submit" className={buttonClassName}>
        {t.show}
      </button>
      {/* not a live region: the desk's own status and its table's caption say what was loaded */}
      <p className={styles.shown}>{t.shown(formatCalendarDate(value.from), formatCalendarDate(value.to))}</p>
    </form>
  );
}
