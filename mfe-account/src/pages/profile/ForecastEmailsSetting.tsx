import { useEffect, useId, useState } from 'react';
import { apiClient, ensureSucceeded, envelopeData } from 'shared-contracts';
import { failureMessage, isRecord } from '../../api/apiErrors';
import { FormNotice } from '../../forms/Fields';
import styles from './ProfilePage.module.css';

/**
 * The profile's opt-out of the maintenance-forecast reminder emails (spec predictive.md §4 "Customer": "a
 * reminder email when a component crosses a threshold (once per crossing, through the outbox, opt-out on the
 * profile)"): a checkbox, saved as soon as it changes (PUT /Auth/profile { forecastEmails }).
 *
 * The shared User of the session carries no such field, so the choice is read here from GET /Auth/profile
 * (`forecastEmails`, true = receives) and kept in this component. Until it is known the checkbox is disabled;
 * when it cannot be read it stays disabled and its description says so (no second alert next to the page's own
 * "could not load the profile").
 */

export const forecastEmailsText = {
  title: 'Email thông báo',
  label: 'Nhận email dự đoán bảo dưỡng',
  hint: 'Khi một hạng mục trên xe của bạn có khả năng cao (từ 50%) cần kiểm tra trong 3 tháng tới, hoặc cần kiểm tra ngay, chúng tôi gửi một email kèm liên kết đặt lịch. Mỗi lần chỉ gửi một email cho một hạng mục.',
  loadFailed: 'Chưa tải được lựa chọn nhận email; vui lòng tải lại trang.',
  savedOn: 'Đã bật email dự đoán bảo dưỡng.',
  savedOff: 'Đã tắt email dự đoán bảo dưỡng. Bạn có thể bật lại bất cứ lúc nào.',
  saveFailed: 'Không thể lưu lựa chọn nhận email. Vui lòng thử lại.',
} as const;

/** `forecastEmails` of a GET/PUT /Auth/profile answer; null when the answer has none. */
function forecastEmailsOf(body: unknown): boolean | null {
  ensureSucceeded(body);
  const data = envelopeData(body);
  return isRecord(data) && typeof data.forecastEmails === 'boolean' ? data.forecastEmails : null;
}

export function ForecastEmailsSetting() {
  const t = forecastEmailsText;
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const [receives, setReceives] = useState<boolean | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let active = true;
    apiClient.get<unknown>('/Auth/profile').then(
      (body) => {
        if (!active) return;
        const value = forecastEmailsOf(body);
        setReceives(value);
        setLoadFailed(value === null);
      },
      () => {
        if (active) setLoadFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const onChange = async (wanted: boolean) => {
    if (saving) return;
    const previous = receives;
    setReceives(wanted);
    setSaving(true);
    setNotice(null);
    try {
      const saved = forecastEmailsOf(await apiClient.put<unknown>('/Auth/profile', { forecastEmails: wanted })) ?? wanted;
      setReceives(saved);
      setNotice({ tone: 'success', text: saved ? t.savedOn : t.savedOff });
    } catch (failure) {
      setReceives(previous);
      setNotice({ tone: 'error', text: failureMessage(failure, t.saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t.title}
      </h2>
      {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
      <div className={styles.checkboxRow}>
        <input
          id={inputId}
          type="checkbox"
          className={styles.checkbox}
          checked={receives ?? false}
          disabled={receives === null || saving}
          aria-describedby={hintId}
          onChange={(event) => void onChange(event.target.checked)}
        />
        <label htmlFor={inputId} className={styles.checkboxLabel}>
          {t.label}
        </label>
      </div>
      <p id={hintId} className={styles.hint}>
        {loadFailed ? `${t.loadFailed} ${t.hint}` : t.hint}
      </p>
    </section>
  );
}
