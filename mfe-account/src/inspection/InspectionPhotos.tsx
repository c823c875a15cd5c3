import { inspectionText as t } from './inspectionText';
import styles from './Inspection.module.css';

/** The technician's photos of one item as thumbnails, each opening the full picture. */
export function InspectionPhotos({ label, photos }: { label: string; photos: readonly string[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className={styles.photos} aria-label={t.photosLabel(label)}>
      {photos.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer">
            <img src={url} alt={t.photoAlt(index + 1, label)} width={72} height={72} loading="lazy" className={styles.photo} />
          </a>
        </li>
      ))}
    </ul>
  );
}
