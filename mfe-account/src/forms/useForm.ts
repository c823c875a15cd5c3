import { useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from './validation';

type Values<K extends string> = Record<K, string>;

export interface BoundField<K extends string> {
  name: K;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputRef: (element: HTMLInputElement | HTMLSelectElement | null) => void;
}

/**
 * A form's values and messages. Validation runs on submit (then again for a field as it is edited);
 * the first invalid field, in the order of `initial`, gets the focus. The server's per-field messages
 * are shown the same way.
 */
export function useForm<K extends string>(initial: Values<K>, validate: (values: Values<K>) => FieldErrors<K>) {
  const [values, setValues] = useState<Values<K>>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const submittedRef = useRef(false);
  const elements = useRef<Partial<Record<K, HTMLInputElement | HTMLSelectElement | null>>>({});
  const order = Object.keys(initial) as K[];

  const focusFirst = (found: FieldErrors<K>) => {
    const first = order.find((name) => found[name]);
    if (first) elements.current[first]?.focus();
  };

  const setValue = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submittedRef.current) setErrors((previous) => ({ ...previous, [name]: validate(next)[name] }));
  };

  /** Wraps the submit handler: it only runs with valid values. */
  const handleSubmit = (onValid: (values: Values<K>) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submittedRef.current = true;
    const found = validate(values);
    setErrors(found);
    if (order.some((name) => found[name])) {
      focusFirst(found);
      return;
    }
    void onValid(values);
  };

  /** Shows the server's per-field messages; returns whether any belonged to this form. */
  const showServerErrors = (fromServer: Record<string, string>): boolean => {
    const found: FieldErrors<K> = {};
    for (const name of order) if (fromServer[name]) found[name] = fromServer[name];
    if (!order.some((name) => found[name])) return false;
    setErrors(found);
    focusFirst(found);
    return true;
  };

  const reset = (next: Values<K> = initial) => {
    submittedRef.current = false;
    setValues(next);
    setErrors({});
  };

  const field = (name: K): BoundField<K> => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value) => setValue(name, value),
    inputRef: (element) => {
      elements.current[name] = element;
    },
  });

  return { values, errors, setValue, handleSubmit, showServerErrors, reset, field, focus: (name: K) => elements.current[name]?.focus() };
}
