import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from '../components/StockPanels.module.css';

/** How far below the screen a deferred panel starts loading: about a phone screen ahead of the reader. */
const AHEAD = '800px 0px';

interface Props {
  /** The panel's heading and its id, shown in the placeholder so the region is there (and named) before it loads. */
  heading: string;
  headingId: string;
  children: ReactNode;
}

/**
 * A long panel below the fold (the stock table, the ledger) renders and reads its data only when the reader
 * scrolls near it; until then a placeholder of a screen's height keeps its place. Without IntersectionObserver
 * it renders at once.
 */
export function WhenNearViewport({ heading, headingId, children }: Props) {
  const placeholder = useRef<HTMLElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const target = placeholder.current;
    if (near || !target) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);

  if (near) return <>{children}</>;
  return (
    // Not loading yet, only waiting for the reader: its heading and its place, no "Đang tải" until it does load.
    <section ref={placeholder} className={`${styles.panel} ${styles.deferred}`} aria-labelledby={headingId} data-deferred="true">
      <h2 id={headingId}>{heading}</h2>
    </section>
  );
}
