import { type Observable, Subject, filter, map, startWith } from 'rxjs';
import type { BusEvents, BusEventType, BusMessage } from './events';

/** A typed RxJS event bus. One instance lives in the page (shared singleton, kept on globalThis). */
export class EventBus {
  private readonly messages = new Subject<BusMessage>();
  private readonly latestByType = new Map<BusEventType, unknown>();

  publish<T extends BusEventType>(type: T, payload: BusEvents[T]): void {
    this.latestByType.set(type, payload);
    this.messages.next({ type, payload } as BusMessage);
  }

  /** Events of one type published from now on. */
  on<T extends BusEventType>(type: T): Observable<BusEvents[T]> {
    return this.messages.pipe(
      filter((message): message is BusMessage<T> => message.type === type),
      map((message) => message.payload),
    );
  }

  /** Like `on`, but first replays the last event of that type if there was one (e.g. the cart count). */
  state<T extends BusEventType>(type: T): Observable<BusEvents[T]> {
    const stream = this.on(type);
    return this.latestByType.has(type) ? stream.pipe(startWith(this.latest(type) as BusEvents[T])) : stream;
  }

  latest<T extends BusEventType>(type: T): BusEvents[T] | undefined {
    return this.latestByType.get(type) as BusEvents[T] | undefined;
  }

  /** Every message, for debugging and tests. */
  all(): Observable<BusMessage> {
    return this.messages.asObservable();
  }
}

const GLOBAL_KEY = '__evShopEventBus__';
type BusHolder = { [GLOBAL_KEY]?: EventBus };

function sharedBus(): EventBus {
  const holder = globalThis as unknown as BusHolder;
  holder[GLOBAL_KEY] ??= new EventBus();
  return holder[GLOBAL_KEY];
}

export const eventBus: EventBus = sharedBus();
