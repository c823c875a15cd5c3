import { useId, useRef, useState, type FormEvent } from 'react';
import { WARRANTY_CLAIM_ACTIONS } from 'shared-contracts/pricing';
import type { WarrantyClaim } from 'shared-contracts/schemas';
import { ClaimField, FormError, useClaimWrite, type ClaimWriteHandlers } from './claimWrites';
import { warrantyApi } from './warrantyApi';
import { warrantyText } from './warrantyText';
import styles from './Warranty.module.css';

const t = warrantyText.draft;

interface Props extends ClaimWriteHandlers {
  claim: WarrantyClaim;
  /** The draft saved on the way to "Gửi hãng": shown at once (its new version), before the send answers. */
  onStored: (claim: WarrantyClaim) => void;
}

const chosenOf = (claim: WarrantyClaim) => claim.photos.map((photo) => photo.id);
const sameIds = (left: readonly number[], right: readonly number[]) => left.length === right.length && left.every((id) => right.includes(id));

/**
 * A DRAFT's failure description and the order's checklist photos to send with it (a checkbox each): "Lưu nháp" saves
 * them; "Gửi hãng" saves what changed first, then sends the claim with the version that save answered. A 409 reloads
 * the claim: what was typed and not saved stays on screen, to be used again.
 */
export function WarrantyDraftForm({ claim, onDone, onConflict, onStored }: Props) {
  const id = useId();
  const [note, setNote] = useState(claim.failureNote);
  const [photoIds, setPhotoIds] = useState<number[]>(() => chosenOf(claim));
  const [shown, setShown] = useState({ id: claim.id, version: claim.version });
  const [unsaved, setUnsaved] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // the description the save on the way to "Gửi hãng" stored, when that send then meets a 409
  const stored = useRef<string | null>(null);

  // the claim read again (saved, or changed by someone else): the form shows what the server has now
  if (shown.id !== claim.id || shown.version !== claim.version) {
    setShown({ id: claim.id, version: claim.version });
    setNote(claim.failureNote);
    setPhotoIds(chosenOf(claim));
    if (shown.id !== claim.id) setUnsaved(null);
  }

  const conflicted = (error: unknown) => {
    const server = stored.current ?? claim.failureNote;
    if (note.trim() !== '' && note.trim() !== server.trim()) setUnsaved(note);
    onConflict(error);
  };
  const write = useClaimWrite({ onDone, onConflict: conflicted });
  const changed = note !== claim.failureNote || !sameIds(photoIds, chosenOf(claim));
  const draft = () => ({ version: claim.version, failureNote: note, photoIds });

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSending(false);
    stored.current = null;
    void write.run(() => warrantyApi.saveDraft(claim.id, draft()));
  };
  const send = () => {
    setSending(true);
    stored.current = null;
    void write.run(async () => {
      let version = claim.version;
      if (changed) {
        const saved = await warrantyApi.saveDraft(claim.id, draft());
        if (saved.data) {
          stored.current = saved.data.failureNote;
          onStored(saved.data);
          version = saved.data.version;
        }
      }
      return warrantyApi.submit(claim.id, { version });
    });
  };
  const toggle = (photoId: number, checked: boolean) => setPhotoIds((current) => (checked ? [...current.filter((value) => value !== photoId), photoId] : current.filter((value) => value !== photoId)));

  return (
    <form className={styles.actionForm} aria-labelledby={`${id}-heading`} onSubmit={save} noValidate>
      <h3 id={`${id}-heading`}>{t.heading}</h3>
      <ClaimField id={`${id}-note`} label={t.failureNote} hint={t.failureHelp} error={write.fieldErrors.failureNote}>
        <textarea className={styles.textarea} rows={4} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
      </ClaimField>
      {unsaved !== null && (
        <div className={styles.unsaved}>
          <p className={styles.fieldLabel}>{t.unsavedKept}</p>
          <blockquote>{unsaved}</blockquote>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setNote(unsaved);
              setUnsaved(null);
            }}
          >
            {t.useAgain}
          </button>
        </div>
      )}
      <fieldset className={styles.fieldset} aria-describedby={`${id}-photos-hint${write.fieldErrors.photoIds ? ` ${id}-photos-error` : ''}`}>
        <legend>{t.photos}</legend>
        <p id={`${id}-photos-hint`} className={styles.hint}>
          {claim.orderPhotos.length === 0 ? t.noOrderPhotos : t.photosHelp}
        </p>
        {claim.orderPhotos.length > 0 && (
          <ul className={styles.photoChoices}>
            {claim.orderPhotos.map((photo, index) => (
              <li key={photo.id}>
                <label className={styles.photoChoice}>
                  <input type="checkbox" checked={photoIds.includes(photo.id)} onChange={(event) => toggle(photo.id, event.target.checked)} />
                  <img src={photo.url} alt="" width={72} height={72} loading="lazy" />
                  <span>{t.photoChoice(index + 1, photo.itemLabel)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {write.fieldErrors.photoIds && (
          <p id={`${id}-photos-error`} className={styles.fieldError}>
            {write.fieldErrors.photoIds}
          </p>
        )}
      </fieldset>
      <FormError message={write.formError(['failureNote', 'photoIds'])} />
      <div className={styles.buttons}>
        <button type="submit" className={styles.secondary} disabled={write.busy}>
          {write.busy && !sending ? t.saving : t.save}
        </button>
        <button type="button" className={styles.primary} disabled={write.busy} onClick={send}>
          {write.busy && sending ? t.sending : WARRANTY_CLAIM_ACTIONS.submit.label}
        </button>
      </div>
    </form>
  );
}
