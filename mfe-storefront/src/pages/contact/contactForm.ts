import { normalizeVietnamesePhone } from 'shared-contracts';
import type { ContactMessageInput } from 'shared-contracts/schemas';

export type ContactField = 'name' | 'email' | 'phone' | 'subject' | 'message';
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' };

/** The same rules and messages as the API's contactMessageInputSchema (checked again on the server). */
export const CONTACT_MESSAGES = {
  name: 'Vui lòng nhập họ tên (ít nhất 2 ký tự).',
  nameLong: 'Họ tên tối đa 100 ký tự.',
  email: 'Email không hợp lệ.',
  phone: 'Số điện thoại di động không hợp lệ (ví dụ 0912 345 678).',
  reachable: 'Vui lòng nhập email hoặc số điện thoại để chúng tôi liên hệ lại.',
  subject: 'Vui lòng nhập tiêu đề (ít nhất 3 ký tự).',
  subjectLong: 'Tiêu đề tối đa 150 ký tự.',
  message: 'Nội dung cần ít nhất 10 ký tự.',
  messageLong: 'Nội dung tối đa 5000 ký tự.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Field errors of the contact form (empty object: valid). */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const subject = values.subject.trim();
  const message = values.message.trim();

  if (name.length < 2) errors.name = CONTACT_MESSAGES.name;
  else if (name.length > 100) errors.name = CONTACT_MESSAGES.nameLong;
  if (email && (email.length > 254 || !EMAIL.test(email))) errors.email = CONTACT_MESSAGES.email;
  if (phone && normalizeVietnamesePhone(phone) === null) errors.phone = CONTACT_MESSAGES.phone;
  if (!email && !phone) errors.email = CONTACT_MESSAGES.reachable;
  if (subject.length < 3) errors.subject = CONTACT_MESSAGES.subject;
  else if (subject.length > 150) errors.subject = CONTACT_MESSAGES.subjectLong;
  if (message.length < 10) errors.message = CONTACT_MESSAGES.message;
  else if (message.length > 5000) errors.message = CONTACT_MESSAGES.messageLong;
  return errors;
}

/** What POST /api/contact receives (empty optional fields left out). */
export function toContactInput(values: ContactValues): ContactMessageInput {
  const input: ContactMessageInput = { name: values.name.trim(), subject: values.subject.trim(), message: values.message.trim() };
  if (values.email.trim()) input.email = values.email.trim();
  if (values.phone.trim()) input.phone = values.phone.trim();
  return input;
}
