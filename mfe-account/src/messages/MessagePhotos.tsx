import { useEffect, useState } from 'react';
import type { ConversationPhoto } from 'shared-contracts/schemas';
import { messagesApi } from './messagesApi';
import { messagesText as t } from './messagesText';
import styles from './Messages.module.css';

type Loaded = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

/** One private photo: fetched with the session's token, shown as a thumbnail that opens the full picture. */
function PrivatePhoto({ photo, index, author }: { photo: ConversationPhoto; index: number; author: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | null = null;
    messagesApi.photoUrl(photo.url).then(
      (url) => {
        objectUrl = url;
        if (cancelled) URL.revokeObjectURL(url);
        else setLoaded({ status: 'ready', url });
      },
      () => {
        if (!cancelled) setLoaded({ status: 'error' });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [photo.url]);

  if (loaded.status === 'error') return <span className={styles.photoMissing}>{t.photoUnavailable}</span>;
  if (loaded.status === 'loading') return <span className={styles.photoPlaceholder} role="img" aria-label={t.photoAlt(index, author)} aria-busy="true" />;
  return (
    <a href={loaded.url} target="_blank" rel="noreferrer" className={styles.photoLink}>
      <img src={loaded.url} alt={t.photoAlt(index, author)} width={96} height={96} className={styles.photo} />
    </a>
  );
}

/** A message's photos as 96 px thumbnails. */
export function MessagePhotos({ photos, author }: { photos: ConversationPhoto[]; author: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className={styles.photos}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <PrivatePhoto photo={photo} index={index + 1} author={author} />
        </li>
      ))}
    </ul>
  );
}
