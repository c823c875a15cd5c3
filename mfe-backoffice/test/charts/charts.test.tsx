import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppointmentsDonut, BayHeatmap, CarCountChart, ReportCharts, RevenueChart, TechniciansChart, TopPartsChart } from '../../src/charts';
import { emptyCharts, fold, reportCharts } from '../reportsFixtures';

/** Opens the chart's 'Xem bảng số liệu' as a user would, and answers its table's rows as folded cell texts. */
async function tableOf(chartTitle: string): Promise<string[][]> {
  const chart = screen.getByRole('region', { name: chartTitle });
  await userEvent.click(within(chart).getByText('Xem bảng số liệu'));
  const table = within(chart).getByRole('table', { name: chartTitle });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => fold(cell.textContent)));
}

const imageName = (title: string) => fold(within(screen.getByRole('region', { name: title })).getByRole('img').getAttribute('aria-label'));

describe('the six charts of the reports (spec §9)', () => {
  it('revenue by day: a summary with the total, its split and the best day; the table in VND, "—" for a day without ARO', async () => {
    render(<RevenueChart days={reportCharts().revenueByDay} />);
    expect(imageName('Doanh thu theo ngày')).toBe(
      'Doanh thu theo ngày từ 18/11 đến 20/11: tổng 1.750.000 ₫ (dịch vụ 1.200.000 ₫, phụ tùng 550.000 ₫); cao nhất ngày 19/11 với 1.500.000 ₫. Đường là giá trị trung bình mỗi phiếu.',
    );
    expect(await tableOf('Doanh thu theo ngày')).toEqual([
      ['Ngày', 'Dịch vụ', 'Phụ tùng', 'Tổng', 'Giá trị TB/phiếu'],
      ['18/11', '0 ₫', '0 ₫', '0 ₫', '—'],
      ['19/11', '1.200.000 ₫', '300.000 ₫', '1.500.000 ₫', '750.000 ₫'],
      ['20/11', '0 ₫', '250.000 ₫', '250.000 ₫', '250.000 ₫'],
    ]);
  });

  it('car count by day: the total and the busiest day, each day in the table', async () => {
    render(<CarCountChart days={reportCharts().carCountByDay} />);
    expect(imageName('Xe hoàn tất theo ngày')).toBe('Xe hoàn tất theo ngày từ 18/11 đến 20/11: tổng 5 xe; nhiều nhất ngày 19/11 với 3 xe.');
    expect(await tableOf('Xe hoàn tất theo ngày')).toEqual([
      ['Ngày', 'Số xe'],
      ['18/11', '1'],
      ['19/11', '3'],
      ['20/11', '1'],
    ]);
  });

  it('appointments by status: the statuses with appointments in the summary and legend, every status in the table with its share', async () => {
    render(<AppointmentsDonut statuses={reportCharts().appointmentsByStatus} />);
    expect(imageName('Lịch hẹn theo trạng thái')).toBe(
      'Lịch hẹn theo trạng thái: tổng 10; Đã xác nhận 2 (20,0 %), Hoàn thành 6 (60,0 %), Đã hủy 2 (20,0 %).',
    );
    const chart = screen.getByRole('region', { name: 'Lịch hẹn theo trạng thái' });
    expect(within(chart).getAllByRole('listitem').map((item) => fold(item.textContent))).toEqual(['Đã xác nhận: 2', 'Hoàn thành: 6', 'Đã hủy: 2']);
    expect(await tableOf('Lịch hẹn theo trạng thái')).toEqual([
      ['Trạng thái', 'Số lịch hẹn', 'Tỷ lệ'],
      ['Đã xác nhận', '2', '20,0 %'],
      ['Hoàn thành', '6', '60,0 %'],
      ['Đã hủy', '2', '20,0 %'],
      ['Không đến', '0', '0,0 %'],
    ]);
  });

  it('top parts: the first part in the summary, quantity and value per part in the table', async () => {
    render(<TopPartsChart parts={reportCharts().topParts} />);
    expect(imageName('10 phụ tùng dùng nhiều nhất')).toBe('2 phụ tùng dùng nhiều nhất theo số lượng; đứng đầu Má phanh trước VF 8 với 12 (giá trị 4.800.000 ₫).');
    expect(await tableOf('10 phụ tùng dùng nhiều nhất')).toEqual([
      ['Phụ tùng', 'Số lượng (xuất − trả)', 'Giá trị'],
      ['Má phanh trước VF 8', '12', '4.800.000 ₫'],
      ['Gạt mưa K', '5', '450.000 ₫'],
    ]);
  });

  it('technicians: the best efficiency in the summary, "—" where utilisation cannot be computed', async () => {
    render(<TechniciansChart technicians={reportCharts().technicians} />);
    expect(imageName('Tỷ lệ sử dụng và hiệu suất kỹ thuật viên')).toBe(
      'Tỷ lệ sử dụng thời gian và hiệu suất của 2 kỹ thuật viên, đường kẻ là mốc 100 %; hiệu suất cao nhất: Bình Kỹ thuật với 112,3 %.',
    );
    expect(await tableOf('Tỷ lệ sử dụng và hiệu suất kỹ thuật viên')).toEqual([
      ['Kỹ thuật viên', 'Tỷ lệ sử dụng', 'Hiệu suất'],
      ['Bình Kỹ thuật', '82,5 %', '112,3 %'],
      ['An Thợ', '—', '95,0 %'],
    ]);
  });

  it('bay heat map: the busiest weekday and hour and the average in the summary; every weekday × opening hour in the table, "—" without data', async () => {
    render(<BayHeatmap cells={reportCharts().bayHeatmap} />);
    expect(imageName('Công suất khoang theo thứ và giờ')).toBe(
      'Công suất khoang theo thứ và giờ mở cửa: cao nhất Thứ 2 lúc 09:00 với 85,5 %; trung bình 45,2 %.',
    );
    const rows = await tableOf('Công suất khoang theo thứ và giờ');
    expect(rows.slice(0, 3)).toEqual([
      ['Thứ', '08:00', '09:00'],
      ['Thứ 2', '40,0 %', '85,5 %'],
      ['Thứ 3', '—', '10,0 %'],
    ]);
    expect(rows.at(-1)).toEqual(['Chủ nhật', '—', '—']);
  });

  it('says in Vietnamese that there is nothing to draw, without an empty picture or table', () => {
    render(<ReportCharts charts={emptyCharts()} />);
    for (const message of [
      'Chưa có doanh thu đã thanh toán trong khoảng này.',
      'Chưa có xe hoàn tất trong khoảng này.',
      'Chưa có lịch hẹn nào trong khoảng này.',
      'Chưa dùng phụ tùng nào trong khoảng này.',
      'Chưa có số liệu kỹ thuật viên trong khoảng này.',
      'Chưa có số liệu công suất khoang trong khoảng này.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('Xem bảng số liệu')).not.toBeInTheDocument();
  });

  it('draws all six charts, each a named picture with its table behind "Xem bảng số liệu"', () => {
    render(<ReportCharts charts={reportCharts()} />);
    expect(screen.getAllByRole('img')).toHaveLength(6);
    expect(screen.getAllByText('Xem bảng số liệu')).toHaveLength(6);
  });
});
