import { BehaviorSubject } from 'rxjs';

/**
 * The navigation's "Tin nhắn" count as last read: the caller's unread messages across every thread they may see
 * (the API's `scopeUnreadTotal`: an admin's, every centre's; anyone else's, their centre's). The count reads it
 * once, then the inbox keeps it as it reads and marks threads; null = not known yet. Only `scopeUnreadTotal` is
 * put here, never an inbox's `unreadTotal` (an admin's is the one centre shown).
 */
export const scopeUnread = new BehaviorSubject<number | null>(null);
