import { useEffect, type ReactNode } from 'react';
import { formatVnd } from 'shared-contracts';
import { FULFILMENT_METHOD_LABELS, PROVINCES, SHIPPING_FEE_CENTRE_PROVINCE, SHIPPING_FEE_OTHER_PROVINCE } from 'shared-contracts/pricing';
import { storefrontApi } from '../../api/storefrontApi';
import { useAsync } from '../../hooks/useAsync';
import type { ServiceCentre } from 'shared-contracts/schemas';
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
};

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
