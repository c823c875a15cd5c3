import { useId } from 'react';
import { LINE_PAYER_LABELS, type LinePayer } from 'shared-contracts/pricing';
import { serviceOrdersText } from './serviceOrdersText';
import styles from './ServiceOrders.module.css';

const t = serviceOrdersText.drawer;

interface Props {
  /** Who pays the line now (or the choice being saved). */
  value: LinePayer;
  /** The payers the viewer may set; the current one is shown even when it is not theirs to set (a staff member on a goodwill line). */
  choices: readonly LinePayer[];
  /** A change is being saved: the select stays focusable (a keyboard user keeps their place) but takes no other change meanwhile. */
  busy: boolean;
  onChange: (payer: LinePayer) => void;
}

/** The 'Người trả' select of a line: a change is saved at once (the drawer sends it with the order's version). */
export function LinePayerField({ value, choices, busy, onChange }: Props) {
  const id = useId();
  const options = choices.includes(value) ? choices : [value, ...choices];
  return (
    <span className={styles.payerField}>
      <label htmlFor={id}>{t.payer}</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        aria-busy={busy || undefined}
        onChange={(event) => {
          if (!busy) onChange(event.target.value as LinePayer);
        }}
      >
        {options.map((payer) => (
          <option key={payer} value={payer} disabled={!choices.includes(payer)}>
            {LINE_PAYER_LABELS[payer]}
          </option>
        ))}
      </select>
    </span>
  );
}
