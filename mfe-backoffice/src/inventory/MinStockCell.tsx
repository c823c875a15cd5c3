import { useId, useState, type FormEvent } from 'react';
import type { InventoryChange, InventoryItem } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { inventoryApi } from './inventoryApi';
import { parseWhole, STOCK_FIGURE_MAX } from './inventoryRules';
import { inventoryText } from './inventoryText';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.minStock;

interface Props {
  centreId: number | undefined;
  item: InventoryItem;
  onSaved: (change: InventoryChange | null, message: string) => void;
}

/** The minimum stock, edited in its cell: a labelled field and 'Lưu' (Enter saves), 0 = not watched. */
export function MinStockCell({ centreId, item, onSaved }: Props) {
  const id = useId();
  const [text, setText] = useState(String(item.minStock));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = parseWhole(text, 0, STOCK_FIGURE_MAX);
  const changed = text.trim() !== String(item.minStock);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    if (value === null) {
      setError(t.invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const outcome = await inventoryApi.setMinStock(item.productId, { centreId, minStock: value });
      onSaved(outcome.data, outcome.message ?? '');
    } catch (failure) {
      setError(messageOf(failure, inventoryText.actionFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.minForm} noValidate onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className={styles.visuallyHidden}>
        {t.label(item.name)}
      </label>
      <input
        id={id}
        className={`${styles.input} ${styles.narrow}`}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {changed && (
        <button type="submit" className={styles.action} disabled={busy} aria-label={t.saveLabel(item.name)}>
          {busy ? t.saving : t.save}
        </button>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.fieldError}>
          {error}
        </p>
      )}
    </form>
  );
}
