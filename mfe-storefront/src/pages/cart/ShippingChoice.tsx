import { useEffect, type ReactNode } from 'react';
import { formatVnd } from 'shared-contracts';
import { FULFILMENT_METHOD_LABELS, PROVINCES, SHIPPING_FEE_CENTRE_PROVINCE, SHIPPING_FEE_OTHER_PROVINCE } from 'shared-contracts/pricing';
import { storefrontApi } from '../../api/storefrontApi';
import { useAsync } from '../../hooks/useAsync';
import type { ServiceCentre, ShippingChoiceInput, ShippingOption } from 'shared-contracts/schemas';
import type { ShippingSelection } from '../../cart/checkoutSlice';
import styles from './CartPage.module.css';

export const shippingText = {
  legend: 'Hình thức nhận hàng',
  deliveryHint: `Phí ${formatVnd(SHIPPING_FEE_CENTRE_PROVINCE)} nơi có trung tâm của chúng tôi, ${formatVnd(SHIPPING_FEE_OTHER_PROVINCE)} các tỉnh khác`,
  pickupHint: 'Miễn phí',
  province: 'Tỉnh/thành phố nhận hàng',
  centre: 'Trung tâm nhận hàng',
  centresLoading: 'Đang tải danh sách trung tâm...',
  chooseCentre: 'Chọn trung tâm',
  optionsLegend: 'Đơn vị vận chuyển',
  optionsLoading: 'Đang lấy phí từ các đơn vị vận chuyển...',
  cheapest: 'Rẻ nhất',
  fastest: 'Nhanh nhất',
  /** Dự kiến giao: 02/12/2026 */
  expected: (date: string) => `Dự kiến giao: ${date}`,
};

/** 'YYYY-MM-DD' (the carrier's day in Vietnam) as dd/MM/yyyy, without a time-zone shift. */
export function formatDeliveryDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

interface OptionsProps {
  idPrefix: string;
  options: readonly ShippingOption[];
  /** the option the fee shown is */
  chosen: ShippingChoiceInput | null;
  /** why the flat fee applies, or null */
  notice: string | null;
  loading: boolean;
  onChoose: (choice: ShippingChoiceInput) => void;
}

/**
 * The carriers' options for the delivery as radio buttons (carrier, service, fee, expected day, "Rẻ nhất" /
 * "Nhanh nhất"); the flat fee's notice when the carriers did not answer; a polite loading line meanwhile.
 */
export function ShippingOptions({ idPrefix, options, chosen, notice, loading, onChoose }: OptionsProps) {
  return (
    <div className={styles.field} aria-busy={loading}>
      {loading && options.length === 0 && (
        <p className={styles.muted} role="status">
          {shippingText.optionsLoading}
        </p>
      )}
      {options.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{shippingText.optionsLegend}</legend>
          {options.map((option) => {
            const id = `${idPrefix}-option-${option.carrier}-${option.service}`;
            const checked = chosen?.carrier === option.carrier && chosen.service === option.service;
            return (
              <label key={id} className={styles.choice} htmlFor={id}>
                <input
                  id={id}
                  type="radio"
                  name={`${idPrefix}-option`}
                  value={`${option.carrier}:${option.service}`}
                  checked={checked}
                  onChange={() => onChoose({ carrier: option.carrier, service: option.service })}
                />
                <span>
                  {option.carrierLabel} – {option.serviceLabel}: <strong>{formatVnd(option.fee)}</strong>
                  {option.cheapest && <span className={styles.shippingBadge}>{shippingText.cheapest}</span>}
                  {option.fastest && <span className={styles.shippingBadge}>{shippingText.fastest}</span>}
                  {option.expectedDelivery && (
                    <>
                      <br />
                      <span className={styles.muted}>{shippingText.expected(formatDeliveryDay(option.expectedDelivery))}</span>
                    </>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      {notice && (
        <p className={styles.shippingNotice} role="status">
          {notice}
        </p>
      )}
    </div>
  );
}

const NO_CENTRES: ServiceCentre[] = [];

interface Props {
  idPrefix: string;
  shipping: ShippingSelection;
  onChange: (shipping: ShippingSelection) => void;
  /** more fields under the delivery choice (the checkout's ward and street) */
  deliveryFields?: ReactNode;
  centreError?: string;
}

const readCentres = (signal: AbortSignal) => storefrontApi.centres(signal);

/** Delivery to a province (34, since July 2025) or pick-up at one of the centres (free). */
export function ShippingChoice({ idPrefix, shipping, onChange, deliveryFields, centreError }: Props) {
  const { state } = useAsync(readCentres, {});
  const centres = state.data ?? NO_CENTRES;

  // a pick-up needs a centre: the first one until the customer picks another
  useEffect(() => {
    if (shipping.method === 'pickup' && shipping.centreId === null && centres.length > 0) onChange({ method: 'pickup', centreId: centres[0]!.id });
  }, [shipping, centres, onChange]);

  const method = (value: ShippingSelection['method'], hint: string) => (
    <label className={styles.choice}>
      <input
        type="radio"
        name={`${idPrefix}-method`}
        value={value}
        checked={shipping.method === value}
        onChange={() => onChange(value === 'delivery' ? { method: 'delivery', province: 'Hà Nội' } : { method: 'pickup', centreId: centres[0]?.id ?? null })}
      />
      <span>
        {FULFILMENT_METHOD_LABELS[value]}
        <br />
        <span className={styles.muted}>{hint}</span>
      </span>
    </label>
  );

  return (
    <div className={styles.fieldset}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{shippingText.legend}</legend>
        {method('delivery', shippingText.deliveryHint)}
        {method('pickup', shippingText.pickupHint)}
      </fieldset>
      {shipping.method === 'delivery' ? (
        <>
          <div className={styles.field}>
            <label htmlFor={`${idPrefix}-province`}>{shippingText.province}</label>
            <select id={`${idPrefix}-province`} value={shipping.province} autoComplete="address-level1" onChange={(event) => onChange({ method: 'delivery', province: event.target.value })}>
              {PROVINCES.map((province) => (
                <option key={province.code} value={province.name}>
                  {province.name}
                </option>
              ))}
            </select>
          </div>
          {deliveryFields}
        </>
      ) : (
        <div className={styles.field}>
          <label htmlFor={`${idPrefix}-centre`}>{shippingText.centre}</label>
          <select
            id={`${idPrefix}-centre`}
            value={shipping.centreId ?? ''}
            aria-invalid={centreError ? true : undefined}
            aria-describedby={centreError ? `${idPrefix}-centre-error` : undefined}
            onChange={(event) => onChange({ method: 'pickup', centreId: event.target.value ? Number(event.target.value) : null })}
          >
            {centres.length === 0 && <option value="">{state.loading ? shippingText.centresLoading : shippingText.chooseCentre}</option>}
            {centres.map((centre) => (
              <option key={centre.id} value={centre.id}>
                {centre.name} – {centre.address}
              </option>
            ))}
          </select>
          {centreError && (
            <p id={`${idPrefix}-centre-error`} className={styles.fieldError}>
              {centreError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
