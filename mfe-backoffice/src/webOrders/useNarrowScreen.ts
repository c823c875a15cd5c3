import { useEffect, useState } from 'react';

/** The width up to which the desk shows a card per order (a phone held upright). */
export const NARROW_SCREEN_QUERY = '(max-width: 30rem)';

const matches = (query: string) => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** Whether the screen is a phone's width now, following rotation and resizing. */
export function useNarrowScreen(query: string = NARROW_SCREEN_QUERY): boolean {
  const [narrow, setNarrow] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return narrow;
}
