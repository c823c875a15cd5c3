import { useEffect, useRef, useState } from 'react';

/**
 * After a refused "Tiếp tục", the first invalid field of the step takes the focus (a screen reader then reads
 * its label and message). Returns the container's ref and the function to call on each refused attempt.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const container = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  return { container, refused: () => setAttempt((count) => count + 1), attempted: attempt > 0 };
}
