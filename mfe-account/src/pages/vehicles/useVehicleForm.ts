import { useRef, useState, type FormEvent } from 'react';
import type { BoundField } from '../../forms/useForm';
import type { FieldErrors } from '../../forms/validation';
import type { VehicleField, VehicleValues } from './vehicleFormRules';

const ORDER: readonly VehicleField[] = ['type', 'brand', 'model', 'licensePlate', 'year', 'vin', 'color', 'odometerKm', 'batteryCapacityKwh', 'odometerNote', 'nickname'];

/**
 * The vehicle form's state, like forms/useForm (validation on submit, then as fields are edited; the first
 * invalid field gets the focus) but with `change`, which sets several fields at once: a new type clears a brand
 * and model, a reference model fills its brand and usual battery.
 */
export function useVehicleForm(initial: VehicleValues, validate: (values: VehicleValues) => FieldErrors<VehicleField>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<VehicleField>>({});
  const submitted = useRef(false);
  const elements = useRef<Partial<Record<VehicleField, HTMLInputElement | HTMLSelectElement | null>>>({});

  const focusFirst = (found: FieldErrors<VehicleField>) => {
    const first = ORDER.find((name) => found[name]);
    if (first) elements.current[first]?.focus();
  };

  const change = (next: VehicleValues) => {
    setValues(next);
    if (submitted.current) setErrors(validate(next));
  };

  const handleSubmit = (onValid: (values: VehicleValues) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const found = validate(values);
    setErrors(found);
    if (ORDER.some((name) => found[name])) {
      focusFirst(found);
      return;
    }
    void onValid(values);
  };

  /** The server's per-field messages; returns whether any belonged to this form. */
  const showServerErrors = (fromServer: Record<string, string>): boolean => {
    const found: FieldErrors<VehicleField> = {};
    for (const name of ORDER) {
      // the API names the reference model modelId: its picker is the model field
      const message = fromServer[name] ?? (name === 'model' ? fromServer.modelId : undefined);
      if (message) found[name] = message;
    }
    if (!ORDER.some((name) => found[name])) return false;
    setErrors(found);
    focusFirst(found);
    return true;
  };

  const field = (name: VehicleField, adjust?: (values: VehicleValues, value: string) => VehicleValues): BoundField<VehicleField> => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value) => change(adjust ? adjust(values, value) : { ...values, [name]: value }),
    inputRef: (element) => {
      elements.current[name] = element;
    },
  });

  const focus = (name: VehicleField) => elements.current[name]?.focus();

  return { values, errors, field, change, focus, handleSubmit, showServerErrors };
}
