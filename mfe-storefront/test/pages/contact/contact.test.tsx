import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import { validateContact } from '../../../src/pages/contact/contactForm';
import { answerWithFixtures, api, renderAt } from '../../support/render';

jest.mock('../../../src/api/storefrontApi');

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
});

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`));

async function fill(values: Partial<Record<'Họ và tên' | 'Email' | 'Số điện thoại' | 'Tiêu đề' | 'Nội dung', string>>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.clear(field(label));
    if (value) await userEvent.type(field(label), value);
  }
}

describe('contact form validation', () => {
  it('accepts a complete message with an email or a Vietnamese mobile number', () => {
    const base = { name: 'Trần Thị Bình', email: '', phone: '', subject: 'Hỏi về pin', message: 'Pin xe của tôi sạc không vào.' };
    expect(validateContact({ ...base, email: 'binh@example.vn' })).toEqual({});
    expect(validateContact({ ...base, phone: '0912 345 678' })).toEqual({});
    expect(validateContact({ ...base, phone: '+84 912.345.678' })).toEqual({});
  });

  it('names what is wrong with each field, in Vietnamese', () => {
    expect(validateContact({ name: 'A', email: 'khong-phai-email', phone: '12345', subject: 'Hi', message: 'Ngắn' })).toEqual({
      name: 'Vui lòng nhập họ tên (ít nhất 2 ký tự).',
      email: 'Email không hợp lệ.',
      phone: 'Số điện thoại di động không hợp lệ (ví dụ 0912 345 678).',
      subject: 'Vui lòng nhập tiêu đề (ít nhất 3 ký tự).',
      message: 'Nội dung cần ít nhất 10 ký tự.',
    });
    expect(validateContact({ name: 'Bình', email: ' ', phone: '', subject: 'Hỏi về pin', message: 'Pin xe của tôi sạc không vào.' }).email).toBe(
      'Vui lòng nhập email hoặc số điện thoại để chúng tôi liên hệ lại.',
    );
  });
});

describe('the contact page', () => {
  it('shows the errors on submit, sends nothing, and focuses the first wrong field', async () => {
    renderAt('/contact');
    await userEvent.click(await screen.findByRole('button', { name: 'Gửi tin nhắn' }));
    expect(api.sendContact).not.toHaveBeenCalled();
    expect(field('Họ và tên')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Họ và tên')).toHaveAccessibleDescription('Vui lòng nhập họ tên (ít nhất 2 ký tự).');
    expect(field('Email')).toHaveAccessibleDescription(expect.stringContaining('Vui lòng nhập email hoặc số điện thoại để chúng tôi liên hệ lại.'));
    expect(field('Nội dung')).toHaveAccessibleDescription('Nội dung cần ít nhất 10 ký tự.');
    expect(field('Họ và tên')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng kiểm tra lại các trường được đánh dấu.');

    // errors clear as the visitor fixes them
    await userEvent.type(field('Họ và tên'), 'Trần Thị Bình');
    expect(field('Họ và tên')).not.toHaveAttribute('aria-invalid');
  });

  it('sends a valid message and says thank you, emptying the form', async () => {
    renderAt('/contact');
    await fill({ 'Họ và tên': 'Trần Thị Bình', 'Số điện thoại': '0912 345 678', 'Tiêu đề': 'Hỏi về pin', 'Nội dung': 'Pin xe của tôi sạc không vào.' });
    await userEvent.click(screen.getByRole('button', { name: 'Gửi tin nhắn' }));
    expect(api.sendContact).toHaveBeenCalledWith({ name: 'Trần Thị Bình', phone: '0912 345 678', subject: 'Hỏi về pin', message: 'Pin xe của tôi sạc không vào.' });
    expect(await screen.findByText('Cảm ơn bạn! Chúng tôi đã nhận được tin nhắn và sẽ phản hồi trong vòng 1 ngày làm việc.')).toBeInTheDocument();
    expect(field('Họ và tên')).toHaveValue('');
  });

  it('shows Đang gửi... while sending and the server\'s field errors and message when refused', async () => {
    let reject: (error: unknown) => void = () => undefined;
    api.sendContact.mockReturnValue(new Promise((_, fail) => (reject = fail)));
    renderAt('/contact');
    await fill({ 'Họ và tên': 'Trần Thị Bình', Email: 'binh@example.vn', 'Tiêu đề': 'Hỏi về pin', 'Nội dung': 'Pin xe của tôi sạc không vào.' });
    await userEvent.click(screen.getByRole('button', { name: 'Gửi tin nhắn' }));
    expect(screen.getByRole('button', { name: 'Đang gửi...' })).toBeDisabled();
    reject(new ApiError('Dữ liệu không hợp lệ.', 400, 'VALIDATION_ERROR', [{ field: 'email', message: 'Tên miền email không nhận thư.' }]));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dữ liệu không hợp lệ.');
    expect(field('Email')).toHaveAccessibleDescription(expect.stringContaining('Tên miền email không nhận thư.'));
    expect(field('Họ và tên')).toHaveValue('Trần Thị Bình');
  });

  it('says when the server cannot be reached, and the message can be sent again', async () => {
    api.sendContact.mockRejectedValueOnce(new ApiError('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.', 0, 'NETWORK'));
    renderAt('/contact');
    await fill({ 'Họ và tên': 'Trần Thị Bình', Email: 'binh@example.vn', 'Tiêu đề': 'Hỏi về pin', 'Nội dung': 'Pin xe của tôi sạc không vào.' });
    await userEvent.click(screen.getByRole('button', { name: 'Gửi tin nhắn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể kết nối tới máy chủ.');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi tin nhắn' }));
    await waitFor(() => expect(api.sendContact).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(/Cảm ơn bạn!/)).toBeInTheDocument();
  });

  it('lists the centres\' addresses and phones from the API', async () => {
    renderAt('/contact');
    const centres = (await screen.findByRole('heading', { level: 2, name: 'Các trung tâm của chúng tôi' })).closest('section')!;
    expect(await within(centres).findByText('12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh')).toBeInTheDocument();
    expect(within(centres).getByRole('link', { name: '024 3756 7890' })).toHaveAttribute('href', 'tel:02437567890');
    expect(document.title).toBe('Liên hệ | EV Service');
  });
});
