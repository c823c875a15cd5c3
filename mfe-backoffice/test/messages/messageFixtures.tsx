import type { ConversationMessage, ConversationSummary, ConversationThread, StaffConversationList, StaffConversationReadResult } from 'shared-contracts/schemas';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { StaffMessagesPage } from '../../src/messages';

/** Conversations as the API answers them (shared-contracts/schemas/conversations). */

export function summary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 3,
    subject: { kind: 'service_order', id: 7, label: 'Phiếu dịch vụ PDV261127K7QZ · 30A-123.45' },
    centreId: 1,
    centreName: 'EV Service Cầu Giấy',
    customerName: 'Nguyễn Văn An',
    status: 'open',
    assignee: null,
    unreadCount: 2,
    lastMessage: { side: 'customer', text: 'Xe tôi xong chưa ạ?', hasPhotos: false, createdAt: '2026-11-27T02:05:00.000Z' },
    updatedAt: '2026-11-27T02:05:00.000Z',
    version: 4,
    ...overrides,
  };
}

export function message(id: number, overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id,
    conversationId: 3,
    side: 'customer',
    authorName: 'Nguyễn Văn An',
    mine: false,
    text: `Tin nhắn ${id}`,
    photos: [],
    createdAt: '2026-11-27T02:00:00.000Z',
    readByOtherSide: false,
    ...overrides,
  };
}

export function thread(overrides: Partial<ConversationThread> = {}): ConversationThread {
  return {
    conversation: summary(),
    messages: [
      message(40, { side: 'centre', authorName: 'Lê Thu · Nhân viên', mine: true, text: 'Dạ trung tâm đã nhận xe ạ.', createdAt: '2026-11-27T01:30:00.000Z', readByOtherSide: true }),
      message(41, { text: 'Xe tôi xong chưa ạ?', createdAt: '2026-11-27T02:05:00.000Z' }),
    ],
    hasOlder: false,
    ...overrides,
  };
}

/** A page of the staff inbox; its `scopeUnreadTotal` is the centre's `unreadTotal` unless given (an admin's differs). */
export function list(items: ConversationSummary[], overrides: Partial<StaffConversationList> = {}): StaffConversationList {
  const unreadTotal = overrides.unreadTotal ?? items.reduce((sum, item) => sum + item.unreadCount, 0);
  return { items, total: items.length, page: 1, pageSize: 20, unreadTotal, scopeUnreadTotal: unreadTotal, ...overrides };
}

/** PUT …/read's answer: the thread's unread left, its centre's, and the caller's every centre's (by default the centre's). */
export function readResult(unreadTotal: number, scopeUnreadTotal = unreadTotal, unreadCount = 0): StaffConversationReadResult {
  return { unreadCount, unreadTotal, scopeUnreadTotal };
}

/** /staff/messages as the back office routes it, at `url`. */
export function renderMessagesPage(url = '/staff/messages') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/staff/messages" element={<StaffMessagesPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
