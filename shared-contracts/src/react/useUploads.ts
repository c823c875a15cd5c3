import { useCallback, useEffect, useRef } from 'react';

/**
 * The uploads a component sends (not a load: nothing is read on mount, nothing replaces an older one): the signal
 * to send each with, one for all of the component's uploads, aborted when it unmounts so that an upload under way
 * stops and its answer touches no state. Beside the data loader (useAsync), the other place that aborts requests.
 */
export function useUploads(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
    },
    [],
  );
  // made on the first upload: a component mounted again (React's strict mode) sends with a new one
  return useCallback(() => (controller.current ??= new AbortController()).signal, []);
}
