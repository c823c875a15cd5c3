import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError, messages } from '../../src';
import { createDataLoader, WardPicker, type WardChoice, type WardSearchCall } from '../../src/react';
import type { Ward } from '../../src/schemas/shipping';

const useAsync = createDataLoader({
  describeFailure: (error, fallback) => (error instanceof ApiError && error.message ? error.message : fallback),
  failedText: messages.errors.generic,
});

const ward = (code: string, name: string, matchedFormer: string | null = null): Ward => ({ code, name, province: 'Hà Nội', formerly: [], matchedFormer });
const CAU_GIAY = ward('00166', 'Phường Cầu Giấy', 'Phường Dịch Vọng Hậu, Quận Cầu Giấy');
const NGHIA_DO = ward('00160', 'Phường Nghĩa Đô', 'Phường Dịch Vọng Hậu, Quận Cầu Giấy');

/** The picker in a form that keeps the chosen ward, as the checkout does. */
function Form({ search, onPick }: { search: WardSearchCall; onPick: (ward: WardChoice | null) => void }) {
  const [value, setValue] = useState<WardChoice | null>(null);
  return (
    <WardPicker
      id="ward"
      province="Hà Nội"
      value={value}
      onChange={(next) => {
        setValue(next);
        onPick(next);
      }}
      search={search}
      useAsync={useAsync}
      debounceMs={10}
    />
  );
}

describe('WardPicker', () => {
  it('searches the province as the customer types without accents and shows the former ward that matched', async () => {
    const search = jest.fn<ReturnType<WardSearchCall>, Parameters<WardSearchCall>>(async () => [CAU_GIAY, NGHIA_DO]);
    render(<Form search={search} onPick={() => {}} />);
    const field = screen.getByRole('combobox', { name: 'Phường/Xã' });
    await userEvent.type(field, 'dich vong hau');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('2 phường/xã phù hợp'));
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Phường Cầu Giấy — trước đây: Phường Dịch Vọng Hậu (Quận Cầu Giấy)',
      'Phường Nghĩa Đô — trước đây: Phường Dịch Vọng Hậu (Quận Cầu Giấy)',
    ]);
    expect(search).toHaveBeenLastCalledWith({ province: 'Hà Nội', q: 'dich vong hau', limit: 20 }, expect.any(AbortSignal));
    expect(field.getAttribute('aria-expanded')).toBe('true');
  });

  it('picks with the keyboard: ↓ moves, Enter keeps the ward and its code, Esc closes', async () => {
    const onPick = jest.fn();
    render(<Form search={async () => [CAU_GIAY, NGHIA_DO]} onPick={onPick} />);
    const field = screen.getByRole('combobox', { name: 'Phường/Xã' });
    await userEvent.type(field, 'dich');
    await screen.findAllByRole('option');
    expect(field.getAttribute('aria-activedescendant')).toMatch(/00166$/);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Phường Nghĩa Đô');
    expect(field.getAttribute('aria-activedescendant')).toMatch(/00160$/);
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith({ code: '00160', name: 'Phường Nghĩa Đô' });
    expect((field as HTMLInputElement).value).toBe('Phường Nghĩa Đô');
    expect(field.getAttribute('aria-expanded')).toBe('false');

    // typing again drops the pick (no code until a ward is chosen); Esc closes the list
    await userEvent.type(field, 'x');
    expect(onPick).toHaveBeenLastCalledWith(null);
    await userEvent.keyboard('{Escape}');
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks with a tap, and says when nothing matches', async () => {
    const onPick = jest.fn();
    const search: WardSearchCall = async ({ q }) => (q === 'zzz' ? [] : [CAU_GIAY]);
    render(<Form search={search} onPick={onPick} />);
    const field = screen.getByRole('combobox', { name: 'Phường/Xã' });
    await userEvent.type(field, 'cau');
    fireEvent.click(await screen.findByRole('option', { name: /Phường Cầu Giấy/ }));
    expect(onPick).toHaveBeenLastCalledWith({ code: '00166', name: 'Phường Cầu Giấy' });
    await userEvent.clear(field);
    await userEvent.type(field, 'zzz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Không tìm thấy phường/xã phù hợp'));
    await act(async () => {});
  });
});
