import { useId, useState, type FormEvent } from 'react';
import { formatVnd } from 'shared-contracts';
import { WARRANTY_CLAIM_ACTIONS, WARRANTY_CREDIT_METHOD_LABELS, WARRANTY_CREDIT_METHODS, type WarrantyCreditMethod } from 'shared-contracts/pricing';
import type { WarrantyClaim } from 'shared-contracts/schemas';
import { ClaimField, FormError, useClaimWrite, type ClaimWriteHandlers } from './claimWrites';
import { warrantyApi } from './warrantyApi';
import { amountOf } from './warrantyFormat';
import { warrantyText } from './warrantyText';
import styles from './Warranty.module.css';

interface Props extends ClaimWriteHandlers {
  claim: WarrantyClaim;
}

/** An amount field's hint: the bound, then what was typed as money (1700000 → 1.700.000 ₫). */
function amountHint(bound: string, typed: string): string {
  const amount = amountOf(typed);
  return amount === null ? bound : `${bound} ${warrantyText.amountValue(formatVnd(amount))}`;
}

/** SUBMITTED → APPROVED: the amount the manufacturer accepted (the claimed amount first) and its reference. */
export function ApproveForm({ claim, onDone, onConflict }: Props) {
  const id = useId();
  const t = warrantyText.approve;
  const [amount, setAmount] = useState(String(claim.claimedAmount));
  const [reference, setReference] = useState('');
  const [missing, setMissing] = useState(false);
  const write = useClaimWrite({ onDone, onConflict });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const approvedAmount = amountOf(amount);
    setMissing(approvedAmount === null);
    if (approvedAmount === null) return;
    void write.run(() => warrantyApi.approve(claim.id, { version: claim.version, approvedAmount, manufacturerReference: reference.trim() }));
  };

  return (
    <form className={styles.actionForm} aria-labelledby={`${id}-heading`} onSubmit={submit} noValidate>
      <h3 id={`${id}-heading`}>{t.heading}</h3>
      <ClaimField id={`${id}-amount`} label={t.amount} hint={amountHint(t.amountHelp(formatVnd(claim.claimedAmount)), amount)} error={missing ? t.amountMissing : write.fieldErrors.approvedAmount}>
        <input className={styles.input} inputMode="numeric" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </ClaimField>
      <ClaimField id={`${id}-reference`} label={t.reference} error={write.fieldErrors.manufacturerReference}>
        <input className={styles.input} autoComplete="off" maxLength={60} value={reference} onChange={(event) => setReference(event.target.value)} />
      </ClaimField>
      <FormError message={write.formError(['approvedAmount', 'manufacturerReference'])} />
      <div className={styles.buttons}>
        <button type="submit" className={styles.primary} disabled={write.busy}>
          {write.busy ? warrantyText.busy : WARRANTY_CLAIM_ACTIONS.approve.label}
        </button>
      </div>
    </form>
  );
}

/** SUBMITTED → REJECTED: the manufacturer's reason. */
export function RejectForm({ claim, onDone, onConflict }: Props) {
  const id = useId();
  const t = warrantyText.reject;
  const [reason, setReason] = useState('');
  const write = useClaimWrite({ onDone, onConflict });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.run(() => warrantyApi.reject(claim.id, { version: claim.version, reason: reason.trim() }));
  };

  return (
    <form className={styles.actionForm} aria-labelledby={`${id}-heading`} onSubmit={submit} noValidate>
      <h3 id={`${id}-heading`}>{t.heading}</h3>
      <ClaimField id={`${id}-reason`} label={t.reason} hint={t.reasonHelp} error={write.fieldErrors.reason}>
        <textarea className={styles.textarea} rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </ClaimField>
      <FormError message={write.formError(['reason'])} />
      <div className={styles.buttons}>
        <button type="submit" className={styles.danger} disabled={write.busy}>
          {write.busy ? warrantyText.busy : WARRANTY_CLAIM_ACTIONS.reject.label}
        </button>
      </div>
    </form>
  );
}

/** APPROVED → CREDITED: the money that came in (the approved amount first), how, and its document. */
export function CreditForm({ claim, onDone, onConflict }: Props) {
  const id = useId();
  const t = warrantyText.credit;
  const approved = claim.approvedAmount ?? claim.claimedAmount;
  const [amount, setAmount] = useState(String(approved));
  const [method, setMethod] = useState<WarrantyCreditMethod>('BANK_TRANSFER');
  const [reference, setReference] = useState('');
  const [missing, setMissing] = useState(false);
  const write = useClaimWrite({ onDone, onConflict });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credited = amountOf(amount);
    setMissing(credited === null);
    if (credited === null) return;
    void write.run(() => warrantyApi.credit(claim.id, { version: claim.version, amount: credited, method, reference: reference.trim() }));
  };

  return (
    <form className={styles.actionForm} aria-labelledby={`${id}-heading`} onSubmit={submit} noValidate>
      <h3 id={`${id}-heading`}>{t.heading}</h3>
      <ClaimField id={`${id}-amount`} label={t.amount} hint={amountHint(t.amountHelp(formatVnd(approved)), amount)} error={missing ? t.amountMissing : write.fieldErrors.amount}>
        <input className={styles.input} inputMode="numeric" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </ClaimField>
      <ClaimField id={`${id}-method`} label={t.method} error={write.fieldErrors.method}>
        <select className={styles.select} value={method} onChange={(event) => setMethod(event.target.value as WarrantyCreditMethod)}>
          {WARRANTY_CREDIT_METHODS.map((value) => (
            <option key={value} value={value}>
              {WARRANTY_CREDIT_METHOD_LABELS[value]}
            </option>
          ))}
        </select>
      </ClaimField>
      <ClaimField id={`${id}-reference`} label={t.reference} error={write.fieldErrors.reference}>
        <input className={styles.input} autoComplete="off" maxLength={60} value={reference} onChange={(event) => setReference(event.target.value)} />
      </ClaimField>
      <FormError message={write.formError(['amount', 'method', 'reference'])} />
      <div className={styles.buttons}>
        <button type="submit" className={styles.primary} disabled={write.busy}>
          {write.busy ? warrantyText.busy : WARRANTY_CLAIM_ACTIONS.credit.label}
        </button>
      </div>
    </form>
  );
}
