// The customer's conversations with the centre (issue 49): /messages, /messages/:id and "Nhắn trung tâm".
export { MessagesPage } from './MessagesPage';
export { ThreadPage } from './ThreadPage';
export { ContactCentreButton } from './ContactCentreButton';
export { messagesText } from './messagesText';
