import { useRef, useState, type ChangeEvent } from 'react';
import { CHECKLIST_PHOTO_MAX_BYTES, CHECKLIST_PHOTOS_MAX } from 'shared-contracts/backoffice';
import { useUploads } from 'shared-contracts/react';
import type { ChecklistPhoto } from 'shared-contracts/schemas';
import { messageOf } from './apiErrors';
import { technicianApi } from './technicianApi';
import { technicianText } from './technicianText';
import styles from './Checklist.module.css';
import common from '../components/TechnicianArea.module.css';

const t = technicianText.photos;
/** What the server stores (it re-encodes them as WebP); anything else would come back 415. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const MAX_MB = Math.round(CHECKLIST_PHOTO_MAX_BYTES / (1024 * 1024));

interface Upload {
  key: number;
  file: File;
  progress: number;
  error: string | null;
}

interface Props {
  orderId: number;
  itemId: number;
  label: string;
  photos: ChecklistPhoto[];
  editable: boolean;
}

/**
 * An item's photos: the camera (`capture="environment"`) or the gallery, an upload with its progress, thumbnails,
 * and delete. At most 5 per item, 8 MB each, JPEG/PNG/WebP: refused here before any byte is sent (the server
 * checks again and is the authority; its refusal is shown as it says it).
 */
export function ChecklistPhotos({ orderId, itemId, label, photos: initial, editable }: Props) {
  const [photos, setPhotos] = useState<ChecklistPhoto[]>(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const nextKey = useRef(0);
  // the uploads under way stop when the item goes away
  const uploadSignal = useUploads();
  const inputId = `photo-input-${itemId}`;

  const used = photos.length + uploads.filter((upload) => upload.error === null).length;
  const full = used >= CHECKLIST_PHOTOS_MAX;

  const patchUpload = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const send = async (key: number, file: File) => {
    const signal = uploadSignal();
    try {
      const photo = await technicianApi.uploadPhoto(orderId, itemId, file, {
        onProgress: (progress) => patchUpload(key, { progress }),
        signal,
      });
      if (signal.aborted) return;
      setUploads((current) => current.filter((upload) => upload.key !== key));
      setPhotos((current) => [...current, photo]);
      setMessage({ tone: 'ok', text: t.uploaded });
    } catch (error) {
      if (signal.aborted) return;
      patchUpload(key, { error: messageOf(error, t.uploadFailed) });
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // the same photo may be chosen again after a failure
    event.target.value = '';
    if (!file) return;
    if (full) {
      setMessage({ tone: 'error', text: t.tooMany(CHECKLIST_PHOTOS_MAX) });
      return;
    }
    if (!ACCEPTED_TYPES.has(file.type)) {
      setMessage({ tone: 'error', text: t.badType });
      return;
    }
    if (file.size > CHECKLIST_PHOTO_MAX_BYTES) {
      setMessage({ tone: 'error', text: t.tooLarge(MAX_MB) });
      return;
    }
    setMessage(null);
    nextKey.current += 1;
    const key = nextKey.current;
    setUploads((current) => [...current, { key, file, progress: 0, error: null }]);
    void send(key, file);
  };

  const retry = (upload: Upload) => {
    if (full) {
      setMessage({ tone: 'error', text: t.tooMany(CHECKLIST_PHOTOS_MAX) });
      return;
    }
    patchUpload(upload.key, { progress: 0, error: null });
    void send(upload.key, upload.file);
  };

  const remove = async (photo: ChecklistPhoto) => {
    setRemoving(photo.id);
    setMessage(null);
    try {
      await technicianApi.deletePhoto(orderId, itemId, photo.id);
      setPhotos((current) => current.filter((candidate) => candidate.id !== photo.id));
      setMessage({ tone: 'ok', text: t.removed });
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error, t.removeFailed) });
    } finally {
      setRemoving(null);
    }
  };

  if (!editable && photos.length === 0) return null;
  return (
    <div className={styles.photos}>
      <div className={styles.photosHead}>
        <h3>
          {t.heading} <span className={styles.hint}>({t.count(photos.length, CHECKLIST_PHOTOS_MAX)})</span>
        </h3>
        {editable && (
          <span className={styles.capture}>
            <input id={inputId} type="file" accept="image/*" capture="environment" onChange={onFile} disabled={full} />
            <label htmlFor={inputId} className={styles.captureFace}>
              {t.add}
              <span className={common.visuallyHidden}> {t.addFor(label)}</span>
            </label>
          </span>
        )}
      </div>
      {editable && full && <p className={styles.hint}>{t.full(CHECKLIST_PHOTOS_MAX)}</p>}
      {photos.length > 0 && (
        <ul className={styles.thumbs}>
          {photos.map((photo, index) => (
            <li key={photo.id} className={styles.thumb}>
              <a href={photo.url} target="_blank" rel="noopener noreferrer">
                <img src={photo.url} alt={t.photoAlt(index + 1, label)} width={88} height={88} loading="lazy" />
              </a>
              {editable && (
                <button type="button" className={styles.remove} onClick={() => void remove(photo)} disabled={removing !== null}>
                  {t.remove}
                  <span className={common.visuallyHidden}> {t.removeWhat(index + 1, label)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {uploads.map((upload) =>
        upload.error === null ? (
          <div key={upload.key} className={styles.upload}>
            <span>
              {upload.file.name}: {t.progress(upload.progress)}
            </span>
            <progress max={100} value={upload.progress} aria-label={t.uploading(upload.file.name)} />
          </div>
        ) : (
          <div key={upload.key} role="alert" className={styles.saveError}>
            <span>
              {upload.file.name}: {upload.error}
            </span>
            <button type="button" className={common.secondary} onClick={() => retry(upload)}>
              {technicianText.retry}
              <span className={common.visuallyHidden}> {t.retryWhat(upload.file.name)}</span>
            </button>
            <button type="button" className={common.secondary} onClick={() => setUploads((current) => current.filter((other) => other.key !== upload.key))}>
              {t.dismiss}
            </button>
          </div>
        ),
      )}
      {message?.tone === 'error' && (
        <p role="alert" className={styles.fieldError}>
          {message.text}
        </p>
      )}
      {editable && (
        <p role="status" className={styles.saveState}>
          {message?.tone === 'ok' ? message.text : ''}
        </p>
      )}
    </div>
  );
}
