import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Ward } from '../schemas/shipping';
import { keepIfShown, type UseAsync } from './useAsync';
import styles from './WardPicker.module.css';

export const wardPickerText = {
  label: 'Phường/Xã',
  listOf: 'Danh sách',
  placeholder: 'Gõ tên phường/xã, có dấu hoặc không dấu',
  formerly: 'trước đây',
  searching: 'Đang tìm phường/xã…',
  none: 'Không tìm thấy phường/xã phù hợp trong tỉnh/thành đã chọn.',
  failed: 'Không tải được danh sách phường/xã. Vui lòng thử lại.',
  count: (count: number) => `${count} phường/xã phù hợp, dùng phím mũi tên để chọn.`,
};

/** The ward the form keeps: its code (what carriers need) and its official name. */
export interface WardChoice {
  code: string;
  name: string;
}

/** GET /api/addresses/wards, as the remote's API client calls it. */
export type WardSearchCall = (query: { province: string; q: string; limit: number }, signal: AbortSignal) => Promise<Ward[]>;

export interface WardPickerProps {
  id: string;
  /** The province chosen above (its name, 'Hà Nội'): the search keeps to it. */
  province: string;
  value: WardChoice | null;
  /** A ward picked (null: the text was changed after a pick, so no ward is chosen). */
  onChange: (ward: WardChoice | null) => void;
  /** What the customer types, as they type (a form that still sends the ward's text). */
  onTextChange?: (text: string) => void;
  /** The field's text when the form keeps it (with onTextChange); else the picker keeps it. */
  text?: string;
  search: WardSearchCall;
  /** The remote's data loader (createDataLoader): the search goes through it, debounced. */
  useAsync: UseAsync;
  /** The field's error (Vietnamese), shown under it. */
  error?: string | undefined;
  label?: string;
  /** The search waits this long after a key (default 250 ms). */
  debounceMs?: number;
  limit?: number;
}

const NO_WARDS: Ward[] = [];

/** '… — trước đây: Phường Dịch Vọng Hậu' and the former district apart ('Quận Cầu Giấy'). */
function formerParts(matchedFormer: string): { ward: string; rest: string } {
  const [ward, ...rest] = matchedFormer.split(', ');
  return { ward: ward ?? matchedFormer, rest: rest.join(', ') };
}

/**
 * The ward field of an address (issue 65 §1): an ARIA 1.2 combobox over the province's wards, searched as the
 * customer types (accent-insensitive, former names too: "Phường Cầu Giấy — trước đây: Phường Dịch Vọng Hậu");
 * ↑ ↓ move, Enter picks, Esc closes; options are finger-sized. The picked ward's code is kept by the form.
 */
export function WardPicker({ id, province, value, onChange, onTextChange, text: shownText, search, useAsync, error, label = wardPickerText.label, debounceMs = 250, limit = 20 }: WardPickerProps) {
  const listId = useId();
  const [ownText, setText] = useState(value?.name ?? '');
  const text = shownText ?? ownText;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  // A ward set from outside (a saved address, a reset) shows its name.
  useEffect(() => {
    if (value) setText(value.name);
  }, [value]);

  // The search, once the typing pauses (the loader drops the answer to an older query).
  const query = text.trim();
  const read = useCallback((signal: AbortSignal) => search({ province, q: query, limit }, signal), [search, province, query, limit]);
  const { state } = useAsync(read, { enabled: open, delayMs: debounceMs, start: keepIfShown, failedText: wardPickerText.failed, onData: () => setActive(0) });
  const wards = open && state.data ? state.data : NO_WARDS;

  const choose = (ward: Ward) => {
    setText(ward.name);
    setOpen(false);
    onChange({ code: ward.code, name: ward.name });
    onTextChange?.(ward.name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((index) => Math.min(wards.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      const ward = open ? wards[active] : undefined;
      if (ward) {
        event.preventDefault();
        choose(ward);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const errorId = `${id}-error`;
  const statusText = state.loading ? wardPickerText.searching : state.error ? state.error : state.data ? (wards.length === 0 ? wardPickerText.none : wardPickerText.count(wards.length)) : '';
  const activeWard = open ? wards[active] : undefined;

  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeWard ? `${listId}-${activeWard.code}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={wardPickerText.placeholder}
        maxLength={100}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          onTextChange?.(event.target.value);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={`${wardPickerText.listOf} ${label.toLowerCase()}`} className={styles.list} hidden={!open || wards.length === 0}>
        {wards.map((ward, index) => {
          const former = ward.matchedFormer ? formerParts(ward.matchedFormer) : null;
          return (
            <li
              key={ward.code}
              id={`${listId}-${ward.code}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? styles.active : styles.option}
              // Keeps the focus in the field, so the pick happens before its blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(ward)}
              // The field keeps the focus and its keys (↑ ↓ Enter): an option is never focused itself.
              onKeyDown={(event) => {
                if (event.key === 'Enter') choose(ward);
              }}
            >
              {ward.name}
              {former && (
                <>
                  {` — ${wardPickerText.formerly}: ${former.ward}`}
                  {former.rest && <span className={styles.muted}> ({former.rest})</span>}
                </>
              )}
            </li>
          );
        })}
      </ul>
      <p role="status" className={styles.status}>
        {open ? statusText : ''}
      </p>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
