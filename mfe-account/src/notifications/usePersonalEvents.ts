import { useEffect, useRef, useState } from 'react';
import { apiClient, sessionStore } from 'shared-contracts';
import type { ConversationMessageEvent, ConversationReadEvent, NotificationEvent } from 'shared-contracts/schemas';
import { subscribePersonalEvents } from './personalEvents';

export interface PersonalEventCallbacks {
  onNotification?: (event: NotificationEvent) => void;
  onConversationMessage?: (event: ConversationMessageEvent) => void;
  onConversationRead?: (event: ConversationReadEvent) => void;
  /** the stream was down and is back: read again what may have been missed */
  onReconnected?: () => void;
}

/**
 * Keeps the personal stream open while the component is mounted and a user is signed in, calling the latest
 * callbacks for each event. Returns whether the stream is open now.
 */
export function usePersonalEvents(callbacks: PersonalEventCallbacks, userId: string | null): boolean {
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!userId || !sessionStore.token) return undefined;
    const unsubscribe = subscribePersonalEvents({
      onNotification: (event) => latest.current.onNotification?.(event),
      onConversationMessage: (event) => latest.current.onConversationMessage?.(event),
      onConversationRead: (event) => latest.current.onConversationRead?.(event),
      onConnectionChange: (state) => setOpen(state === 'open'),
      onOpen: ({ reconnected }) => {
        if (reconnected) latest.current.onReconnected?.();
      },
      // any authenticated call renews an expired access token (or logs out)
      renewToken: () => apiClient.get('/Auth/profile'),
    });
    return () => {
      unsubscribe();
      setOpen(false);
    };
  }, [userId]);
  return open;
}
