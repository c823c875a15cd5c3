import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls the element named by the URL hash into view once `ready` (the router does not scroll to a
 * hash by itself, and API-backed sections exist only after their data arrives). Returns the hash's id.
 */
export function useHashScroll(ready: boolean): string | null {
  const { hash } = useLocation();
  const id = hash ? decodeURIComponent(hash.slice(1)) : null;

  useEffect(() => {
    if (!ready || !id) return;
    const target = document.getElementById(id);
    if (target && typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [ready, id]);

  return id;
}
