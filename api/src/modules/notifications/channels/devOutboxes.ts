/** What a development stand-in was sent (Zalo ZNS, eSMS, Web Push), newest last; read by GET /api/dev/*-outbox. */
export interface StandInSend {
  at: string;
  /** Phone (84…) or the push endpoint. */
  to: string;
  /** The message as the provider received it (ZNS template id and data, the SMS text, the push payload). */
  content: string;
  /** The stand-in's answer. */
  answer: string;
}

export interface DevOutbox {
  readonly sends: readonly StandInSend[];
  record(send: StandInSend): void;
}

/** How many sends a stand-in remembers (oldest forgotten first): a demo, not a store. */
const MAX_SENDS = 500;

export function createDevOutbox(): DevOutbox {
  const sends: StandInSend[] = [];
  return {
    sends,
    record(send) {
      sends.push(send);
      if (sends.length > MAX_SENDS) sends.shift();
    },
  };
}

/** The three stand-ins' outboxes of one API process. */
export interface DevOutboxes {
  zalo: DevOutbox;
  sms: DevOutbox;
  push: DevOutbox;
}

export function createDevOutboxes(): DevOutboxes {
  return { zalo: createDevOutbox(), sms: createDevOutbox(), push: createDevOutbox() };
}
