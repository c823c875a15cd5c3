import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { WardPicker, type WardChoice, type WardSearchCall } from 'shared-contracts/react';
import type { Profile } from 'shared-contracts/schemas';
import { storefrontApi } from '../../api/storefrontApi';
import type { ShippingSelection } from '../../cart/checkoutSlice';
import { useAsync } from '../../hooks/useAsync';
import type { CheckoutValues } from './checkoutForm';

/** GET /api/addresses/wards: the province's wards matching what the customer types (public, cached a day). */
export const searchWards: WardSearchCall = async (query, signal) => (await storefrontApi.wards(query, signal))?.wards ?? [];

interface Props {
  label: string;
  province: string;
  values: CheckoutValues;
  setValues: Dispatch<SetStateAction<CheckoutValues>>;
  error?: string | undefined;
}

/**
 * The checkout's ward: the WardPicker over the chosen province's wards, keeping the ward's code (the carriers' live
 * fee asks for it) and its name; another province drops the ward picked in the previous one.
 */
export function CheckoutWardField({ label, province, values, setValues, error }: Props) {
  // Another province drops the ward picked in the previous one; a ward set with the province (the saved address)
  // stays.
  const seen = useRef({ province, wardCode: values.wardCode });
  useEffect(() => {
    const before = seen.current;
    seen.current = { province, wardCode: values.wardCode };
    if (before.province !== province && before.wardCode !== null && before.wardCode === values.wardCode) {
      setValues((previous) => ({ ...previous, ward: '', wardCode: null }));
    }
  }, [province, values.wardCode, setValues]);

  const value: WardChoice | null = values.wardCode ? { code: values.wardCode, name: values.ward } : null;
  const onChange = useCallback((ward: WardChoice | null) => setValues((previous) => ({ ...previous, wardCode: ward?.code ?? null, ward: ward?.name ?? previous.ward })), [setValues]);
  const onTextChange = useCallback((text: string) => setValues((previous) => ({ ...previous, ward: text })), [setValues]);
  return (
    <WardPicker id="checkout-ward" label={label} province={province} value={value} onChange={onChange} onTextChange={onTextChange} text={values.ward} search={searchWards} useAsync={useAsync} error={error} />
  );
}

const readProfile = async (signal: AbortSignal): Promise<Profile | null> => (await storefrontApi.profile(signal)) ?? null;

/**
 * The delivery address saved on the profile fills an empty form once (province, coded ward, street), when the
 * customer has one and has not started typing an address.
 */
export function useSavedDeliveryAddress(enabled: boolean, setValues: Dispatch<SetStateAction<CheckoutValues>>, shipping: ShippingSelection, onShipping: (next: ShippingSelection) => void): void {
  const filled = useRef(false);
  const onData = useCallback(
    (profile: Profile | null) => {
      const saved = profile?.deliveryAddress;
      if (filled.current || !saved || shipping.method !== 'delivery') return;
      filled.current = true;
      setValues((previous) => (previous.ward || previous.street ? previous : { ...previous, ward: saved.ward, wardCode: saved.wardCode, street: saved.street ?? '' }));
      if (shipping.province !== saved.province) onShipping({ method: 'delivery', province: saved.province });
    },
    [setValues, shipping, onShipping],
  );
  useAsync(readProfile, { enabled, failedText: '', onData });
}
