import { useId, useState, type FormEvent } from 'react';
import { PARTS_REASON_MAX, PARTS_REQUEST_TRANSITIONS, REASON_MIN_LENGTH, type PartsRequestAction } from 'shared-contracts/backoffice';
import type { PartsRequest } from 'shared-contracts/schemas';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DESK_ACTION_FORMS, returnableOf, type DeskActionInput } from './deskActions';
import { partsDeskText } from './partsDeskText';
import styles from './PartsDesk.module.css';

const t = partsDeskText.actions;

/** Runs an action on a request; true when it was done (the form then closes). */
export type RunDeskAction = (request: PartsRequest, action: PartsRequestAction, input?: DeskActionInput) => Promise<boolean>;

interface Props {
  request: PartsRequest;
  /** What the desk may do now (deskActionsFor). */
  actions: PartsRequestAction[];
  run: RunDeskAction;
}

/**
 * A request's buttons, one per action the machine allows: the direct ones act at once (Duyệt, Gửi khách duyệt,
 * Giữ hàng, Xuất kho), withdraw and release ask first, reject and the phone decisions open a short form for
 * the reason or the call's note, and return asks how many.
 */
export function PartsRequestActions({ request, actions, run }: Props) {
  const [open, setOpen] = useState<PartsRequestAction | null>(null);
  const [busy, setBusy] = useState<PartsRequestAction | null>(null);
  if (actions.length === 0) return null;

  const perform = async (action: PartsRequestAction, input?: DeskActionInput): Promise<boolean> => {
    setBusy(action);
    try {
      const done = await run(request, action, input);
      if (done) setOpen(null);
      return done;
    } finally {
      setBusy(null);
    }
  };

  const click = (action: PartsRequestAction) => {
    if (DESK_ACTION_FORMS[action] === 'direct') void perform(action);
    else setOpen((current) => (current === action ? null : action));
  };

  const formOf = open ? DESK_ACTION_FORMS[open] : undefined;
  const productName = request.product.name;

  return (
    <div className={styles.actionArea}>
      <div className={styles.buttons} role="group" aria-label={t.group(productName)}>
        {actions.map((action) => {
          const form = DESK_ACTION_FORMS[action];
          const label = PARTS_REQUEST_TRANSITIONS[action].label;
          const tone = action === 'reject' || action === 'recordDecline' || action === 'withdraw' || action === 'release' ? styles.danger : form === 'direct' ? styles.action : styles.secondary;
          return (
            <button
              key={action}
              type="button"
              className={tone}
              disabled={busy !== null}
              aria-expanded={form === 'reason' || form === 'note' || form === 'quantity' ? open === action : undefined}
              onClick={() => click(action)}
            >
              {busy === action ? t.busy : label}
            </button>
          );
        })}
      </div>

      {open && (formOf === 'reason' || formOf === 'note') && (
        <TextActionForm
          key={`${open}-${request.version}`}
          title={PARTS_REQUEST_TRANSITIONS[open].label}
          label={formOf === 'reason' ? t.reason : t.note}
          hint={formOf === 'reason' ? t.reasonHint : t.noteHint}
          submitLabel={open === 'reject' ? t.reasonSubmit : open === 'recordApprove' ? t.noteSubmitApprove : t.noteSubmitDecline}
          danger={open !== 'recordApprove'}
          busy={busy !== null}
          onCancel={() => setOpen(null)}
          onSubmit={(text) => perform(open, { text })}
        />
      )}
      {open === 'return' && (
        <ReturnForm
          key={`return-${request.version}`}
          max={returnableOf(request)}
          busy={busy !== null}
          onCancel={() => setOpen(null)}
          onSubmit={(quantity, text) => perform('return', { quantity, text })}
        />
      )}
      {open && formOf === 'confirm' && (
        <ConfirmDialog
          title={open === 'withdraw' ? t.withdrawTitle(productName) : t.releaseTitle(productName)}
          confirmLabel={PARTS_REQUEST_TRANSITIONS[open].label}
          busyLabel={t.busy}
          tone="danger"
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            // closed whatever the answer: a refusal is explained in the section and the request reloaded
            await perform(open);
            setOpen(null);
          }}
        >
          <p>{open === 'withdraw' ? t.withdrawText : t.releaseText(request.quantity)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

interface TextFormProps {
  /** The form's name (the action's label). */
  title: string;
  label: string;
  hint: string;
  submitLabel: string;
  danger: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (text: string) => Promise<boolean>;
}

/** A reason or a phone note (5..300 characters, as the server requires). */
function TextActionForm({ title, label, hint, submitLabel, danger, busy, onCancel, onSubmit }: TextFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < REASON_MIN_LENGTH) {
      setError(t.textRequired);
      document.getElementById(id)?.focus();
      return;
    }
    setError(null);
    void onSubmit(text.trim());
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label={title}>
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          className={styles.textarea}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the user's click: what they type next is the reason
          autoFocus
          maxLength={PARTS_REASON_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
        {error && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={danger ? styles.danger : styles.action} disabled={busy}>
          {busy ? t.busy : submitLabel}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t.back}
        </button>
      </div>
    </form>
  );
}

interface ReturnFormProps {
  max: number;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (quantity: number, reason: string) => Promise<boolean>;
}

/** How many of the issued parts come back (1..issued − returned) and why (optional). */
function ReturnForm({ max, busy, onCancel, onSubmit }: ReturnFormProps) {
  const id = useId();
  const [quantity, setQuantity] = useState(String(max));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = quantity.trim();
    const number = Number(value);
    if (!/^\d{1,3}$/.test(value) || number < 1 || number > max) {
      setError(t.returnQuantityInvalid(max));
      document.getElementById(`${id}-qty`)?.focus();
      return;
    }
    setError(null);
    void onSubmit(number, reason.trim());
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label={PARTS_REQUEST_TRANSITIONS.return.label}>
      <div className={styles.field}>
        <label htmlFor={`${id}-qty`}>{t.returnQuantity}</label>
        <input
          id={`${id}-qty`}
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the user's click: what they type next is the quantity
          autoFocus
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {t.returnHint(max)}
        </p>
        {error && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`}>{t.returnReason}</label>
        <textarea id={`${id}-reason`} className={styles.textarea} maxLength={PARTS_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={styles.action} disabled={busy}>
          {busy ? t.busy : t.returnSubmit}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t.back}
        </button>
      </div>
    </form>
  );
}
