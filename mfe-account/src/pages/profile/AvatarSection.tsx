import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { eventBus, sessionStore, userInitials, type User } from 'shared-contracts';
import { uploadAvatar } from '../../api/accountApi';
import { failureMessage } from '../../api/apiErrors';
import { FormNotice } from '../../forms/Fields';
import { vi } from '../../i18n/vi';
import { publishUser } from '../../store/authSlice';
import formStyles from '../../forms/Form.module.css';
import styles from './ProfilePage.module.css';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** What is wrong with a chosen file, checked before any upload; null when it may be sent. */
export function avatarProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return vi.profilePage.avatarWrongType;
  if (file.size > AVATAR_MAX_BYTES) return vi.profilePage.avatarTooLarge;
  return null;
}

function previewUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/** The avatar: the current picture (or initials), choose a file, preview it, upload it (POST /Auth/upload-avatar). */
export function AvatarSection({ user }: { user: User }) {
  const t = vi.profilePage;
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // the preview's object URL lives as long as it is shown
  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const forget = () => {
    setFile(null);
    setPreview(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setNotice(null);
    if (!chosen) return;
    const problem = avatarProblem(chosen);
    if (problem) {
      forget();
      setNotice({ tone: 'error', text: problem });
      return;
    }
    setFile(chosen);
    setPreview(previewUrl(chosen));
  };

  const onUpload = async () => {
    if (!file || uploading) return;
    setUploading(true);
    setNotice(null);
    try {
      const saved = await uploadAvatar(file);
      publishUser(saved, { session: sessionStore, bus: eventBus });
      forget();
      setNotice({ tone: 'success', text: t.avatarUploaded });
    } catch (failure) {
      setNotice({ tone: 'error', text: failureMessage(failure, t.avatarFailed) });
    } finally {
      setUploading(false);
    }
  };

  const name = user.fullName || user.email;
  const shownSrc = preview ?? user.avatar;
  const invalid = notice?.tone === 'error';
  return (
    <section className={styles.card} aria-labelledby="profile-avatar-title">
      <h2 id="profile-avatar-title" className={styles.cardTitle}>
        {t.avatarTitle}
      </h2>
      <div className={styles.avatarRow}>
        {shownSrc ? (
          <img src={shownSrc} alt={preview ? t.avatarPreviewAlt : t.avatarAlt(name)} className={styles.avatar} width={96} height={96} />
        ) : (
          <span className={styles.avatarInitials} role="img" aria-label={t.avatarAlt(name)}>
            {userInitials(user)}
          </span>
        )}
        <div className={styles.avatarControls}>
          <label htmlFor={inputId} className={formStyles.secondary}>
            {t.chooseAvatar}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className={styles.fileInput}
            onChange={onChoose}
            disabled={uploading}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? errorId : undefined}
          />
          <p className={styles.hint}>{t.avatarHint}</p>
          {file && (
            <div className={formStyles.actions}>
              <button type="button" className={formStyles.primary} onClick={onUpload} disabled={uploading}>
                {uploading ? t.uploadingAvatar : t.uploadAvatar}
              </button>
              <button type="button" className={formStyles.secondary} onClick={forget} disabled={uploading}>
                {t.cancel}
              </button>
            </div>
          )}
        </div>
      </div>
      {notice && (
        <div id={errorId}>
          <FormNotice tone={notice.tone}>{notice.text}</FormNotice>
        </div>
      )}
    </section>
  );
}
