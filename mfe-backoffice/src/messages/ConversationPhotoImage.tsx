import { useEffect, useState } from 'react';
import type { ConversationPhoto } from 'shared-contracts/schemas';
import { fetchPhoto } from './photoFiles';
import { messagesText } from './messagesText';
import styles from './Messages.module.css';

/**
 * One private photo of a thread: fetched with the session's token, shown from an object URL (released when it
 * leaves the screen), a link that opens it full size. Its size is held while it loads, so the thread does not jump.
 */
export function ConversationPhotoImage({ photo, alt }: { photo: ConversationPhoto; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    let objectUrl: string | null = null;
    fetchPhoto(photo.url).then(
      (blob) => {
        if (!active) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [photo.url]);

  if (failed) return <span className={styles.photoFailed}>{messagesText.thread.photoFailed}</span>;
  if (!src) return <span className={styles.photoPlaceholder} style={{ aspectRatio: `${photo.width} / ${photo.height}` }} aria-label={alt} role="img" />;
  return (
    <a href={src} target="_blank" rel="noreferrer" className={styles.photoLink}>
      <img src={src} alt={alt} width={photo.width} height={photo.height} className={styles.photo} />
    </a>
  );
}
