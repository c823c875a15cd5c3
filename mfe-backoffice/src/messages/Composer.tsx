import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { CONVERSATION_PHOTOS_MAX, CONVERSATION_QUICK_REPLIES, CONVERSATION_TEXT_MAX } from 'shared-contracts/conversations';
import type { ConversationMessage, ConversationPhoto } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { messagesApi } from './messagesApi';
import { messagesText, PHOTO_MAX_BYTES } from './messagesText';
import styles from './Messages.module.css';

const t = messagesText.composer;
/** What the server stores (it re-encodes them); anything else would come back refused. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

interface Attached {
  key: number;
  name: string;
  preview: string | null;
  photo: ConversationPhoto | null;
}

interface Props {
  conversationId: number;
  onSent: (message: ConversationMessage) => void;
  /** The quick replies' buttons (the inbox); the technician's panel goes without. */
  quickReplies?: boolean;
  /** The photo button's text, the input's label ("Đính kèm ảnh"; the technician's "Gửi ảnh cho khách"). */
  attachText?: string;
  /** The text box's label (the technician's panel: the text that goes with the photo). */
  textLabel?: string;
  /** The camera first (a phone on the workshop floor). */
  capture?: boolean;
  closedNote?: boolean;
  sentText?: string;
}

const preview = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);

/**
 * The message box: text up to 2,000 characters with its counter (Enter sends, Shift+Enter a new line), up to 4
 * photos each uploaded as soon as chosen (sent with the message), quick replies that fill the box. A failed send
 * keeps the text and photos and says why.
 */
export function Composer({ conversationId, onSent, quickReplies = false, attachText = t.attach, textLabel = t.label, capture = false, closedNote = false, sentText }: Props) {
  const [text, setText] = useState('');
  const [attached, setAttached] = useState<Attached[]>([]);
  const [uploading, setUploading] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const nextKey = useRef(0);
  const previews = useRef<string[]>([]);
  const ids = useId();
  const inputId = `${ids}-photo`;
  const counterId = `${ids}-counter`;
  const errorId = `${ids}-error`;

  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const tooLong = text.length > CONVERSATION_TEXT_MAX;
  const full = attached.length >= CONVERSATION_PHOTOS_MAX;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setDone('');
    if (attached.length + files.length > CONVERSATION_PHOTOS_MAX) {
      setError(t.tooManyPhotos);
      return;
    }
    if (files.some((file) => !ACCEPTED_TYPES.has(file.type))) {
      setError(t.badType);
      return;
    }
    if (files.some((file) => file.size > PHOTO_MAX_BYTES)) {
      setError(t.tooLarge);
      return;
    }
    setError(null);
    await Promise.all(
      files.map(async (file) => {
        nextKey.current += 1;
        const key = nextKey.current;
        const url = preview(file);
        if (url) previews.current.push(url);
        setAttached((current) => [...current, { key, name: file.name, preview: url, photo: null }]);
        setUploading((count) => count + 1);
        try {
          const photo = await messagesApi.uploadPhoto(conversationId, file);
          setAttached((current) => current.map((entry) => (entry.key === key ? { ...entry, photo } : entry)));
        } catch (failure) {
          setAttached((current) => current.filter((entry) => entry.key !== key));
          setError(messageOf(failure, t.uploadFailed));
        } finally {
          setUploading((count) => count - 1);
        }
      }),
    );
  };

  const send = async () => {
    if (sending || uploading > 0) return;
    const trimmed = text.trim();
    const photoIds = attached.flatMap((entry) => (entry.photo ? [entry.photo.id] : []));
    if (tooLong) {
      setError(t.tooLong);
      return;
    }
    if (trimmed === '' && photoIds.length === 0) {
      setError(t.empty);
      box.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    setDone('');
    try {
      const message = await messagesApi.send(conversationId, trimmed, photoIds);
      setText('');
      setAttached([]);
      if (sentText) setDone(sentText);
      onSent(message);
    } catch (failure) {
      setError(messageOf(failure, t.sendFailed));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const fill = (reply: string) => {
    setText(reply);
    setError(null);
    box.current?.focus();
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit} aria-busy={sending}>
      {closedNote && <p className={styles.muted}>{t.closedNote}</p>}
      {quickReplies && (
        <div className={styles.quickReplies} role="group" aria-label={t.quickReplies}>
          {CONVERSATION_QUICK_REPLIES.map((reply) => (
            <button key={reply} type="button" className={styles.quickReply} onClick={() => fill(reply)}>
              {reply}
            </button>
          ))}
        </div>
      )}
      <label className={styles.fieldLabel} htmlFor={`${ids}-text`}>
        {textLabel}
      </label>
      <textarea
        id={`${ids}-text`}
        ref={box}
        className={styles.textarea}
        value={text}
        rows={3}
        placeholder={t.placeholder}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={tooLong || undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
      />
      <div className={styles.composerBar}>
        <span id={counterId} className={tooLong ? `${styles.counter} ${styles.counterOver}` : styles.counter} >
          <span className={styles.visuallyHidden}>{t.counterLabel}: </span>
          {t.counter(text.length)}
        </span>
        <span className={styles.capture}>
          <input id={inputId} type="file" accept="image/jpeg,image/png,image/webp" multiple={!capture} capture={capture ? 'environment' : undefined} onChange={(event) => void onFiles(event)} disabled={full || sending} />
          <label htmlFor={inputId} className={styles.captureFace}>
            {attachText}
          </label>
        </span>
        <button type="submit" className={styles.primary} disabled={sending || uploading > 0}>
          {sending ? t.sending : t.send}
        </button>
      </div>
      <p className={styles.hint}>{t.attachHint}</p>
      {attached.length > 0 && (
        <ul className={styles.attached}>
          {attached.map((entry, index) => (
            <li key={entry.key} className={styles.attachedItem}>
              {entry.preview ? <img src={entry.preview} alt={t.attached(index + 1)} width={64} height={64} /> : <span>{entry.name}</span>}
              {entry.photo === null ? (
                <span className={styles.muted} role="status">
                  {t.uploading(entry.name)}
                </span>
              ) : (
                <button type="button" className={styles.removePhoto} onClick={() => setAttached((current) => current.filter((other) => other.key !== entry.key))}>
                  {t.removePhoto(index + 1)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <p role="status" className={styles.done}>
        {done}
      </p>
    </form>
  );
}
