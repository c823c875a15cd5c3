import { useEffect, useId, useState, type FormEvent } from 'react';
import { apiClient, ensureSucceeded, envelopeData, readData } from 'shared-contracts';
import { PROVINCES, CHECKOUT_RULES as rules } from 'shared-contracts/pricing';
import { WardPicker, type WardChoice, type WardSearchCall } from 'shared-contracts/react';
import type { Profile, ProfileDeliveryAddress, ProfileWardChoice, Ward, WardSearchAnswer } from 'shared-contracts/schemas';
import { failureMessage, fieldErrorsOf, isRecord } from '../../api/apiErrors';
import { FormNotice } from '../../forms/Fields';
import { useAsync } from '../../hooks/useAsync';
import formStyles from '../../forms/Form.module.css';
import styles from './ProfilePage.module.css';

/**
 * The profile's delivery address (issue 65 §1): province, coded ward (the WardPicker) and street, which the
 * checkout fills in. A saved address of the district era whose ward was split asks the customer to choose among
 * the new wards (buttons); choosing saves it. Read here from GET /Auth/profile (the session's User has no address).
 */
export const deliveryAddressText = {
  title: 'Địa chỉ giao hàng',
  hint: 'Địa chỉ theo đơn vị hành chính mới (từ 01/07/2025): tỉnh/thành phố, phường/xã và số nhà, tên đường. Trang thanh toán tự điền địa chỉ này.',
  province: 'Tỉnh/thành phố',
  street: 'Số nhà, tên đường',
  save: 'Lưu địa chỉ',
  saving: 'Đang lưu…',
  saved: 'Đã lưu địa chỉ giao hàng.',
  saveFailed: 'Không thể lưu địa chỉ. Vui lòng thử lại.',
  loadFailed: 'Chưa tải được địa chỉ giao hàng; vui lòng tải lại trang.',
  chooseWard: 'Vui lòng chọn phường/xã trong danh sách.',
  choice: (former: string) => `Địa chỉ cũ của bạn (${former}) nay thuộc một trong các phường sau — vui lòng chọn:`,
} as const;

/** `deliveryAddress` and `deliveryAddressChoice` of a GET/PUT /Auth/profile answer. */
function addressOf(body: unknown): { saved: ProfileDeliveryAddress | null; choice: ProfileWardChoice | null } {
  ensureSucceeded(body);
  const data = envelopeData(body);
  const profile = (isRecord(data) ? data : {}) as Partial<Profile>;
  return { saved: profile.deliveryAddress ?? null, choice: profile.deliveryAddressChoice ?? null };
}

const searchWards: WardSearchCall = async (query, signal) => (await readData<WardSearchAnswer>(apiClient.get('/addresses/wards', { query, signal }))).wards;

export function DeliveryAddressSetting() {
  const t = deliveryAddressText;
  const titleId = useId();
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [choice, setChoice] = useState<ProfileWardChoice | null>(null);
  const [province, setProvince] = useState('Hà Nội');
  const [ward, setWard] = useState<WardChoice | null>(null);
  const [street, setStreet] = useState('');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<{ ward?: string; street?: string }>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const show = (saved: ProfileDeliveryAddress | null, pending: ProfileWardChoice | null) => {
    setChoice(pending);
    if (saved) {
      setProvince(saved.province);
      setWard({ code: saved.wardCode, name: saved.ward });
      setStreet(saved.street ?? '');
    } else if (pending) {
      setProvince(pending.province);
      setStreet(pending.street ?? '');
    }
  };

  useEffect(() => {
    let active = true;
    apiClient.get<unknown>('/Auth/profile').then(
      (body) => {
        if (!active) return;
        const { saved, choice: pending } = addressOf(body);
        show(saved, pending);
        setLoaded('ready');
      },
      () => {
        if (active) setLoaded('failed');
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const save = async (address: { province: string; wardCode: string; street: string }) => {
    setSaving(true);
    setNotice(null);
    try {
      const { saved, choice: pending } = addressOf(await apiClient.put<unknown>('/Auth/profile', { deliveryAddress: address }));
      show(saved, pending);
      setNotice({ tone: 'success', text: t.saved });
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setErrors({ ward: fields['deliveryAddress.wardCode'], street: fields['deliveryAddress.street'] });
      setNotice({ tone: 'error', text: failureMessage(failure, t.saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  const check = (wardCode: string | null, text: string) => {
    const found: { ward?: string; street?: string } = {};
    if (!wardCode) found.ward = t.chooseWard;
    const trimmed = text.trim();
    if (trimmed.length < rules.street.min) found.street = rules.street.required;
    else if (trimmed.length > rules.street.max) found.street = rules.street.tooLong;
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || !check(ward?.code ?? null, street)) return;
    void save({ province, wardCode: ward!.code, street: street.trim() });
  };

  // A candidate of a split former ward: picked in the form, saved at once when the street is known.
  const pick = (candidate: Ward) => {
    setProvince(candidate.province);
    setWard({ code: candidate.code, name: candidate.name });
    if (check(candidate.code, street)) void save({ province: candidate.province, wardCode: candidate.code, street: street.trim() });
  };

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t.title}
      </h2>
      {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
      {loaded === 'failed' && <p className={styles.hint}>{t.loadFailed}</p>}
      {choice && (
        <div role="group" aria-label={t.choice(choice.former)}>
          <p>{t.choice(choice.former)}</p>
          <div className={styles.choiceButtons}>
            {choice.candidates.map((candidate) => (
              <button key={candidate.code} type="button" className={formStyles.secondary} disabled={saving} onClick={() => pick(candidate)}>
                {candidate.name}
              </button>
            ))}
          </div>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate aria-busy={saving}>
        <div className={formStyles.field}>
          <label htmlFor="profile-address-province">{t.province}</label>
          <select
            id="profile-address-province"
            value={province}
            disabled={loaded === 'loading'}
            onChange={(event) => {
              setProvince(event.target.value);
              setWard(null);
            }}
          >
            {PROVINCES.map((entry) => (
              <option key={entry.code} value={entry.name}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <WardPicker id="profile-address-ward" province={province} value={ward} onChange={setWard} search={searchWards} useAsync={useAsync} error={errors.ward} />
        </div>
        <div className={formStyles.field}>
          <label htmlFor="profile-address-street">{t.street}</label>
          <input
            id="profile-address-street"
            type="text"
            autoComplete="street-address"
            maxLength={rules.street.max}
            value={street}
            aria-invalid={errors.street ? true : undefined}
            aria-describedby={errors.street ? 'profile-address-street-error' : undefined}
            onChange={(event) => setStreet(event.target.value)}
          />
          {errors.street && (
            <p id="profile-address-street-error" className={formStyles.fieldError}>
              {errors.street}
            </p>
          )}
        </div>
        <p className={styles.hint}>{t.hint}</p>
        <button type="submit" className={formStyles.primary} disabled={saving || loaded === 'loading'}>
          {saving ? t.saving : t.save}
        </button>
      </form>
    </section>
  );
}
