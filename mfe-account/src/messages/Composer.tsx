import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError, messages } from 'shared-contracts';
import { CONVERSATION_TEXT_MAX } from 'shared-contracts/conversations';
import type { ConversationMessage, ConversationPhoto } from 'shared-contracts/schemas';
import { messagesApi } from './messagesApi';
import { messagesText as t } from './messagesText';
import { MESSAGE_PHOTO_MAX_MB, MESSAGE_PHOTO_TYPES, messagePhotoProblem, photoSlotsLeft } from './photoRules';
import styles from './Messages.module.css';

interface PendingPhoto {
  key: number;
  name: string;
  preview: string | null;
  status: 'waiting' | 'uploading' | 'ready';
  photo: ConversationPhoto | null;
}

const reason = (error: unknown) => (error instanceof ApiError && error.message ? error.message : messages.errors.generic);

function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function forget(url: string | null) {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

interface Props {
  conversationId: number;
  onSent: (message: ConversationMessage) => void;
}

/**
 * The message box: text up to CONVERSATION_TEXT_MAX characters (Enter sends, Shift + Enter starts a new line) and
 * up to CONVERSATION_PHOTOS_MAX photos, each uploaded as soon as it is chosen, one after another.
 */
export function Composer({ conversationId, onSent }: Props) {
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<PendingPhoto[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [uploadTotal, setUploadTotal] = useState(0);
  const nextKey = useRef(1);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const fileInput = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const previews = useRef<Set<string>>(new Set());

  useEffect(
    () => () => {
      mounted.current = false;
      previews.current.forEach(forget);
    },
    [],
  );

  const length = text.length;
  const tooLong = length > CONVERSATION_TEXT_MAX;
  const uploading = photos.some((photo) => photo.status !== 'ready');
  const uploadedCount = photos.filter((photo) => photo.status === 'ready').length;
  const slotsLeft = photoSlotsLeft(photos.length);

  const update = (key: number, change: Partial<PendingPhoto>) => {
    if (mounted.current) setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
  };

  const upload = async (entry: PendingPhoto, file: File) => {
    update(entry.key, { status: 'uploading' });
    try {
      const photo = await messagesApi.uploadPhoto(conversationId, file);
      update(entry.key, { status: 'ready', photo });
    } catch (error) {
      if (!mounted.current) return;
      forget(entry.preview);
      setPhotos((current) => current.filter((photo) => photo.key !== entry.key));
      setErrors((current) => [...current, t.photoFailed(entry.name, reason(error))]);
    }
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const problems: string[] = [];
    const accepted: Array<{ entry: PendingPhoto; file: File }> = [];
    for (const file of files) {
      const problem = messagePhotoProblem(file);
      if (problem === 'wrongType') problems.push(t.photoWrongType(file.name));
      else if (problem === 'tooLarge') problems.push(t.photoTooLarge(file.name, MESSAGE_PHOTO_MAX_MB));
      else if (accepted.length >= slotsLeft) {
        if (!problems.includes(t.photoLimit)) problems.push(t.photoLimit);
      } else {
        const preview = previewOf(file);
        if (preview) previews.current.add(preview);
        accepted.push({ entry: { key: nextKey.current++, name: file.name, preview, status: 'waiting', photo: null }, file });
      }
    }
    setErrors(problems);
    if (accepted.length === 0) return;
    setPhotos((current) => [...current, ...accepted.map(({ entry }) => entry)]);
    setUploadTotal((total) => (uploading ? total : uploadedCount) + accepted.length);
    // one upload at a time, in the order chosen
    for (const { entry, file } of accepted) queue.current = queue.current.then(() => upload(entry, file));
  };

  const removePhoto = (key: number) => {
    setPhotos((current) => {
      const removed = current.find((photo) => photo.key === key);
      if (removed) forget(removed.preview);
      return current.filter((photo) => photo.key !== key);
    });
    setUploadTotal((total) => Math.max(0, total - 1));
  };

  const send = async () => {
    if (sending) return;
    const trimmed = text.trim();
    if (tooLong) return setErrors([t.tooLong]);
    if (uploading) return setErrors([t.waitForUploads]);
    const photoIds = photos.flatMap((photo) => (photo.photo ? [photo.photo.id] : []));
    if (trimmed.length === 0 && photoIds.length === 0) return setErrors([t.emptyMessage]);
    setSending(true);
    setErrors([]);
    try {
      const message = await messagesApi.send(conversationId, trimmed, photoIds);
      if (!mounted.current) return;
      photos.forEach((photo) => forget(photo.preview));
      setText('');
      setPhotos([]);
      setUploadTotal(0);
      onSent(message);
    } catch (error) {
      if (mounted.current) setErrors([reason(error)]);
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift + Enter (and Enter while an input method is composing) writes a new line
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const waiting = photos.filter((photo) => photo.status !== 'ready');
  const current = photos.find((photo) => photo.status === 'uploading');
  return (
    <form className={styles.composer} onSubmit={onSubmit} aria-label={t.composerLabel}>
      <label htmlFor="message-text" className={styles.visuallyHidden}>
        {t.composerLabel}
      </label>
      <textarea
        id="message-text"
        className={styles.textarea}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="message-hint message-counter"
        aria-invalid={tooLong}
        placeholder={t.composerLabel}
      />
      <div className={styles.composerMeta}>
        <span id="message-hint">{t.composerHint}</span>
        <span id="message-counter" className={tooLong ? styles.counterOver : styles.counter} data-testid="message-counter">
          {t.counter(length)}
        </span>
      </div>
      {photos.length > 0 && (
        <ul className={styles.pending} aria-label={t.pendingPhotosLabel}>
          {photos.map((photo, index) => (
            <li key={photo.key} className={styles.pendingItem} data-status={photo.status}>
              {photo.preview ? <img src={photo.preview} alt={photo.name} width={64} height={64} className={styles.pendingImage} /> : <span className={styles.pendingName}>{photo.name}</span>}
              <button type="button" className={styles.removePhoto} onClick={() => removePhoto(photo.key)} disabled={photo.status === 'uploading'} aria-label={`${t.removePhoto(index + 1)} ${photo.name}`}>
                {t.removePhoto(index + 1)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div role="status" aria-live="polite" className={styles.uploadStatus}>
        {waiting.length > 0 && uploadTotal > 0 && (
          <>
            <progress value={uploadTotal - waiting.length} max={uploadTotal} aria-label={t.uploadProgress(uploadTotal - waiting.length, uploadTotal)} />{' '}
            {current ? t.uploading(current.name) : t.uploadProgress(uploadTotal - waiting.length, uploadTotal)}
          </>
        )}
      </div>
      {errors.length > 0 && (
        <ul role="alert" className={styles.errors}>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      <div className={styles.composerActions}>
        <input ref={fileInput} id="message-photos" type="file" accept={MESSAGE_PHOTO_TYPES.join(',')} multiple className={styles.visuallyHidden} onChange={onFiles} disabled={slotsLeft === 0} />
        <label htmlFor="message-photos" className={slotsLeft === 0 ? styles.photoButtonDisabled : styles.photoButton} aria-disabled={slotsLeft === 0}>
          {t.addPhotos}
        </label>
        <button type="submit" className={styles.sendButton} disabled={sending || tooLong}>
          {sending ? t.sending : t.send}
        </button>
      </div>
    </form>
  );
}
