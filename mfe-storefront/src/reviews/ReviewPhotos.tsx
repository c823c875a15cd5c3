import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import type { ReviewPhoto } from 'shared-contracts/schemas';
import { reviewsText as t } from './reviewsText';
import styles from './Reviews.module.css';

/**
 * A review's photos as thumbnails; one opens large in a dialog (Escape, "Đóng" or a click beside the picture close
 * it, and focus goes back to its thumbnail).
 */
export function ReviewPhotos({ photos, author }: { photos: ReviewPhoto[]; author: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const thumbnails = useRef<Array<HTMLButtonElement | null>>([]);
  const closeButton = useRef<HTMLButtonElement>(null);
  const lastOpen = useRef<number | null>(null);

  useEffect(() => {
    if (open !== null) {
      lastOpen.current = open;
      closeButton.current?.focus();
    } else if (lastOpen.current !== null) {
      thumbnails.current[lastOpen.current]?.focus();
      lastOpen.current = null;
    }
  }, [open]);

  if (photos.length === 0) return null;
  const close = () => setOpen(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      // the close button is the dialog's only control: focus stays on it
      event.preventDefault();
      closeButton.current?.focus();
    }
  };
  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) close();
  };
  const shown = open === null ? undefined : photos[open];

  return (
    <>
      <ul className={styles.photos} aria-label={t.photos(author)}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              type="button"
              className={styles.thumbnail}
              onClick={() => setOpen(index)}
            >
              <img src={photo.url} alt={t.openPhoto(index + 1, author)} width={72} height={72} loading="lazy" className={styles.thumbnailImage} />
            </button>
          </li>
        ))}
      </ul>
      {shown &&
        open !== null &&
        createPortal(
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the modal's own keys and backdrop
          <div className={styles.lightbox} role="dialog" aria-modal="true" aria-label={t.photo(open + 1, author)} onKeyDown={onKeyDown} onClick={onBackdrop}>
            <img src={shown.url} alt={t.photo(open + 1, author)} width={shown.width} height={shown.height} className={styles.lightboxImage} />
            <button ref={closeButton} type="button" className={styles.lightboxClose} onClick={close}>
              {t.closePhoto}
            </button>
          </div>,
          document.body,
        )}
    </>
  );
}
