import { render, screen, within } from '@testing-library/react';
import { DiagnosisEvaluation } from '../../src/predictionModels/DiagnosisEvaluation';

/** /admin/models' diagnosis section (spec predictive.md §3 "Evaluation … shown on the model page"). */
describe('the diagnosis ranking’s evaluation on /admin/models', () => {
  it('shows top-1 and top-3 on the held-out orders next to the knowledge base alone, as a table', () => {
    render(
      <DiagnosisEvaluation
        diagnosis={{
          cases: 1250,
          evaluation: {
            cutoff: '2026-08-31T17:00:00.000Z', // 01/09/2026 in Vietnam
            trainedOn: 1000,
            learned: { cases: 212, top1: 0.6132, top3: 0.9245 },
            knowledgeBase: { cases: 212, top1: 0.4481, top3: 0.8868 },
          },
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Chẩn đoán theo triệu chứng' });
    expect(within(section).getByText('Phiên bản này học từ 1.250 lệnh sửa chữa đã đóng có ghi triệu chứng.')).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Độ chính xác trên 212 lệnh sửa chữa đóng từ ngày 01/09/2026 (không dùng để học)' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Cách xếp hạng', 'Đúng ở vị trí đầu (top-1)', 'Đúng trong 3 vị trí đầu (top-3)'],
      ['Có học từ dữ liệu của trung tâm (1.000 lệnh trước ngày mốc)', '61,3 %', '92,5 %'],
      ['Chỉ cơ sở tri thức', '44,8 %', '88,7 %'],
    ]);
    // The table scrolls sideways on a phone and takes the keyboard's focus to do it.
    expect(screen.getByRole('region', { name: 'Bảng độ chính xác của chẩn đoán, cuộn ngang được' })).toHaveAttribute('tabindex', '0');
  });

  it('says when the held-out orders are too few to evaluate, with the minimum', () => {
    render(<DiagnosisEvaluation diagnosis={{ cases: 40, evaluation: null }} />);
    expect(screen.getByText('Phiên bản này học từ 40 lệnh sửa chữa đã đóng có ghi triệu chứng.')).toBeInTheDocument();
    expect(screen.getByText(/Chưa đủ dữ liệu để đánh giá: cần ít nhất 30 lệnh sửa chữa/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a version trained before the diagnosis learnt nothing, and the page uses the knowledge base alone', () => {
    render(<DiagnosisEvaluation diagnosis={null} />);
    expect(screen.getByText(/trước khi có phần chẩn đoán: trang Chẩn đoán AI đang chỉ dùng cơ sở tri thức/)).toBeInTheDocument();
  });
});
