import { likelihood } from 'shared-contracts/diagnostics';
import { forecastReminderEmail, type ForecastReminderEmailInput } from '../../../src/modules/notifications/templates/forecastReminderEmail';

/**
 * The forecast reminder email's words and figures are the one scale of likelihood words (shared-contracts
 * diagnostics/likelihoodWords.ts), the same as the customer's "Dự đoán bảo dưỡng" and the diagnosis page.
 */

const input = (within3Months: ForecastReminderEmailInput['within3Months']): ForecastReminderEmailInput => ({
  fullName: 'Nguyễn Văn An',
  vehicle: { brand: 'VinFast', model: 'Feliz S', licensePlate: '29A-123.45' },
  component: 'Má phanh',
  status: 'PREDICTED',
  within3Months,
  evidence: { level: 'family', key: 'Feliz S', inspections: 4200, failures: 380 },
  bookingLink: 'https://ev.example.vn/booking?vehicleId=7&service=bao-duong-phanh',
  profileLink: 'https://ev.example.vn/profile',
});

describe('the forecast reminder email', () => {
  it('says the probability in the shared words and figures, with its 95 % interval', () => {
    const mail = forecastReminderEmail(input({ probability: 0.62, low: 0.48, high: 0.75 }));
    expect(mail.text).toContain('Má phanh: Khả năng cao (62%) cần kiểm tra trong 3 tháng tới (khoảng 48–75%, khoảng tin cậy 95%).');
    expect(mail.html).toContain('Má phanh: Khả năng cao (62%) cần kiểm tra trong 3 tháng tới (khoảng 48–75%, khoảng tin cậy 95%).');
    expect(mail.text).toContain('Dựa trên 4.200 lần kiểm tra, 380 lần hỏng của các xe cùng dòng VinFast Feliz S.');
  });

  it('reads the band on the whole percent shown and never rounds it to 100%, like the other places of the scale', () => {
    expect(forecastReminderEmail(input({ probability: 0.4951, low: 0.4, high: 0.6 })).text).toContain('Má phanh: Khả năng cao (50%) cần kiểm tra');
    expect(forecastReminderEmail(input({ probability: 0.999, low: 0.97, high: 0.9999 })).text).toContain('Má phanh: Khả năng rất cao (trên 99%) cần kiểm tra trong 3 tháng tới');
    for (const probability of [0.03, 0.12, 0.35, 0.62, 0.85]) {
      expect(forecastReminderEmail(input({ probability, low: probability, high: probability })).text).toContain(`Má phanh: ${likelihood(probability)} cần kiểm tra`);
    }
  });
});
