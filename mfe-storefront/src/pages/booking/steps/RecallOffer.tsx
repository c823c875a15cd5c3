import { useCallback, useEffect, useMemo, useRef } from 'react';
import { formatVnd } from 'shared-contracts';
import { useAsync } from '../../../hooks/useAsync';
import { bookingApi } from '../bookingApi';
import { bookingText as t } from '../bookingText';
import type { BookingAction, BookingState } from '../bookingReducer';
import styles from '../BookingPage.module.css';

interface RecallOfferProps {
  vehicleId: number;
  state: BookingState;
  dispatch: (action: BookingAction) => void;
  /** the campaign the link asked for (?recall=<id>, "Đặt lịch khắc phục" on "Xe của tôi"): ticked once loaded */
  requested: number | null;
}

/**
 * The saved vehicle's open recalls (issue 66 §4), each offered as "Đặt lịch khắc phục": a free (0 ₫) line booked with
 * the visit. Already booked ones are said, not offered. Nothing when there is none or the read fails.
 */
export function RecallOffer({ vehicleId, state, dispatch, requested }: RecallOfferProps) {
  const read = useCallback((signal: AbortSignal) => bookingApi.recalls(vehicleId, signal), [vehicleId]);
  const { state: load } = useAsync(read, {});
  const recalls = useMemo(() => load.data ?? [], [load.data]);
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || requested === null) return;
    const wanted = recalls.find((recall) => recall.campaignId === requested && recall.state !== 'SCHEDULED');
    if (!wanted) return;
    prefilled.current = true;
    if (!state.recalls.some((recall) => recall.campaignId === wanted.campaignId)) {
      dispatch({ type: 'recallToggled', recall: { campaignId: wanted.campaignId, code: wanted.code, title: wanted.title, labourMinutes: wanted.labourMinutes } });
    }
  }, [recalls, requested, state.recalls, dispatch]);
  if (recalls.length === 0) return null;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t.recallLegend}</legend>
      <ul className={styles.options}>
        {recalls.map((recall) => (
          <li key={recall.campaignId}>
            {recall.state === 'SCHEDULED' ? (
              <p className={styles.muted}>
                {recall.flag}. {t.recallBooked}
              </p>
            ) : (
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={state.recalls.some((chosen) => chosen.campaignId === recall.campaignId)}
                  onChange={() => dispatch({ type: 'recallToggled', recall: { campaignId: recall.campaignId, code: recall.code, title: recall.title, labourMinutes: recall.labourMinutes } })}
                />
                <span className={styles.optionText}>
                  <span className={styles.optionTitle}>{t.recallOption(recall.code, recall.title)}</span>
                  <span className={styles.muted}>{recall.flag}</span>
                  <span className={styles.muted}>{t.recallFacts(recall.remedy, formatVnd(0))}</span>
                </span>
              </label>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
