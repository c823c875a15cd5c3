import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { storefrontApi } from '../../api/storefrontApi';
import { CentreList } from '../../components/CentreList';
import { PageIntro } from '../../components/PageIntro';
import { errorMessage } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';
import { EMPTY_CONTACT, toContactInput, validateContact, type ContactErrors, type ContactField, type ContactValues } from './contactForm';
import styles from './ContactPage.module.css';

const text = {
  formHeading: 'Gửi tin nhắn cho chúng tôi',
  required: '(bắt buộc)',
  reachHint: 'Nhập ít nhất email hoặc số điện thoại để chúng tôi liên hệ lại.',
  labels: { name: 'Họ và tên', email: 'Email', phone: 'Số điện thoại', subject: 'Tiêu đề', message: 'Nội dung' } satisfies Record<ContactField, string>,
  submit: 'Gửi tin nhắn',
  sending: 'Đang gửi...',
  success: 'Cảm ơn bạn! Chúng tôi đã nhận được tin nhắn và sẽ phản hồi trong vòng 1 ngày làm việc.',
  fixErrors: 'Vui lòng kiểm tra lại các trường được đánh dấu.',
  centresHeading: 'Các trung tâm của chúng tôi',
  bookHint: 'Muốn mang xe tới trung tâm?',
  bookCta: 'Đặt lịch dịch vụ',
};

const FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];
const REQUIRED = new Set<ContactField>(['name', 'subject', 'message']);

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** Contact: the message form (checked here and on the server) and the centres' addresses and phones. */
export function ContactPage() {
  usePageMeta(vi.contact.title, vi.contact.description);
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = (fieldErrors: ContactErrors) => {
    const first = FIELDS.find((field) => fieldErrors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validateContact(next));
    if (status.kind === 'sent' || status.kind === 'failed') setStatus({ kind: 'idle' });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    setSubmitted(true);
    const fieldErrors = validateContact(values);
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) {
      focusFirstError(fieldErrors);
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      await storefrontApi.sendContact(toContactInput(values));
      setStatus({ kind: 'sent' });
      setValues(EMPTY_CONTACT);
      setErrors({});
      setSubmitted(false);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        const serverErrors: ContactErrors = {};
        for (const entry of error.errors) {
          if ((FIELDS as readonly string[]).includes(entry.field)) serverErrors[entry.field as ContactField] ??= entry.message;
        }
        setErrors(serverErrors);
        focusFirstError(serverErrors);
      }
      setStatus({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const field = (name: ContactField, multiline = false) => {
    const error = errors[name];
    const describedBy = [name === 'email' || name === 'phone' ? 'contact-reach-hint' : null, error ? `contact-${name}-error` : null].filter(Boolean).join(' ') || undefined;
    const common = {
      id: `contact-${name}`,
      name,
      value: values[name],
      onChange,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
      'aria-required': REQUIRED.has(name) ? true : undefined,
    };
    return (
      <div className={styles.field}>
        <label htmlFor={`contact-${name}`}>
          {text.labels[name]} {REQUIRED.has(name) && <span className={styles.required}>{text.required}</span>}
        </label>
        {multiline ? (
          <textarea {...common} rows={6} maxLength={5000} />
        ) : (
          <input
            {...common}
            type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
            autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'off'}
            maxLength={name === 'email' ? 254 : name === 'phone' ? 20 : name === 'subject' ? 150 : 100}
          />
        )}
        {error && (
          <p id={`contact-${name}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <>
      <PageIntro title={vi.contact.title} description={vi.contact.description} />
      <div className={styles.layout}>
        <section aria-labelledby="contact-form-heading" className={styles.formCard}>
          <h2 id="contact-form-heading">{text.formHeading}</h2>
          <form ref={formRef} onSubmit={onSubmit} noValidate className={styles.form}>
            {field('name')}
            <p id="contact-reach-hint" className={styles.hint}>
              {text.reachHint}
            </p>
            <div className={styles.pair}>
              {field('email')}
              {field('phone')}
            </div>
            {field('subject')}
            {field('message', true)}
            <div role="status" aria-live="polite">
              {status.kind === 'sent' && <p className={styles.success}>{text.success}</p>}
            </div>
            {status.kind === 'failed' && (
              <p role="alert" className={styles.failure}>
                {status.message}
              </p>
            )}
            {submitted && hasErrors && status.kind !== 'failed' && (
              <p role="alert" className={styles.failure}>
                {text.fixErrors}
              </p>
            )}
            <button type="submit" className={styles.submit} disabled={status.kind === 'sending'}>
              {status.kind === 'sending' ? text.sending : text.submit}
            </button>
          </form>
        </section>
        <section aria-labelledby="contact-centres-heading">
          <h2 id="contact-centres-heading">{text.centresHeading}</h2>
          <CentreList />
          <p className={styles.book}>
            {text.bookHint} <Link to="/booking">{text.bookCta}</Link>
          </p>
        </section>
      </div>
    </>
  );
}

export default ContactPage;
