import { BehaviorSubject } from 'rxjs';

/** The centre's unread messages as last read (the inbox and the navigation's count share it); null = not known yet. */
export const centreUnread = new BehaviorSubject<number | null>(null);
