// Conversations with customers, the centre's side (issue 49 §1): the staff inbox at /staff/messages and the
// technician's "Nhắn khách" panel on a service order's checklist.
export { StaffMessagesPage } from './StaffMessagesPage';
export { CustomerChatPanel } from './CustomerChatPanel';
export { MessagesNavCount } from './MessagesNavCount';
export { messagesText } from './messagesText';
