import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CHECKLIST_FAIL_NOTE_MESSAGE, CHECKLIST_FAIL_NOTE_MIN, CHECKLIST_NOTE_MAX } from 'shared-contracts/backoffice';
import type { ChecklistResult, ServiceOrderChecklistItem, SuggestedCheck } from 'shared-contracts/schemas';
import { partsRequestHref } from '../layout/links';
import { messageOf } from './apiErrors';
import { ChecklistPhotos } from './ChecklistPhotos';
import { technicianApi, type ChecklistAnswer } from './technicianApi';
import { technicianText } from './technicianText';
import styles from './Checklist.module.css';
import common from '../components/TechnicianArea.module.css';

const t = technicianText.checklist;
const RESULTS: readonly ChecklistResult[] = ['PASS', 'FAIL', 'NA'];
const TOGGLE_STYLE: Record<ChecklistResult, string | undefined> = { PASS: styles.pass, FAIL: styles.fail, NA: styles.na };
/** A note is saved this long after the last keystroke (and at once when the field is left). */
export const NOTE_SAVE_DELAY_MS = 800;

type SaveState = { status: 'idle' | 'saving' | 'saved' } | { status: 'error'; message: string };

const answerOf = (result: ChecklistResult | null, note: string): ChecklistAnswer => ({ result, note: note.trim() === '' ? null : note.trim() });
const sameAnswer = (a: ChecklistAnswer, b: ChecklistAnswer) => a.result === b.result && a.note === b.note;
/** The rule the server applies (422 'Mục không đạt cần ghi rõ lý do.'), checked before sending. */
const noteProblem = (answer: ChecklistAnswer) =>
  answer.result === 'FAIL' && (answer.note ?? '').length < CHECKLIST_FAIL_NOTE_MIN ? CHECKLIST_FAIL_NOTE_MESSAGE : null;

interface Props {
  orderId: number;
  item: ServiceOrderChecklistItem;
  index: number;
  editable: boolean;
  /** When the item is one to check closely (the order's suggestedChecks): marked, with why. */
  suggestion?: SuggestedCheck;
  /** the answer the server now holds for this item */
  onSaved: (itemId: number, result: ChecklistResult | null) => void;
}

/**
 * One checklist item: Đạt / Không đạt / Không áp dụng as a radio group of three large toggles, a note (required
 * on FAIL), and its photos. Each answer is saved on its own as soon as it is given (a note: after a pause in
 * typing, or when the field is left); saves of one item go out one after the other, and a failed one says why
 * and offers to try again. An item to check closely carries the mark 'Nên kiểm tra kỹ' with its reason, in text
 * (the group's description), not only in colour.
 */
export function ChecklistItemEditor({ orderId, item, index, editable, suggestion, onSaved }: Props) {
  const [result, setResult] = useState<ChecklistResult | null>(item.result);
  const [note, setNote] = useState(item.note ?? '');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const saved = useRef<ChecklistAnswer>(answerOf(item.result, item.note ?? ''));
  const queue = useRef<Promise<void>>(Promise.resolve());
  const sequence = useRef(0);
  const noteTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ result, note });
  latest.current = { result, note };
  const mounted = useRef(true);

  const groupName = `item-${item.id}-result`;
  const noteId = `item-${item.id}-note`;
  const hintId = `item-${item.id}-hint`;
  const errorId = `item-${item.id}-error`;
  const flagId = `item-${item.id}-flag`;

  const clearNoteTimer = () => {
    if (noteTimer.current) clearTimeout(noteTimer.current);
    noteTimer.current = null;
  };

  const persist = useCallback(
    (answer: ChecklistAnswer, force = false) => {
      clearNoteTimer();
      if (!force && sameAnswer(answer, saved.current)) return;
      const problem = noteProblem(answer);
      if (problem) {
        setNoteError(problem);
        return;
      }
      setNoteError(null);
      sequence.current += 1;
      const mine = sequence.current;
      setSave({ status: 'saving' });
      queue.current = queue.current.then(async () => {
        try {
          await technicianApi.saveAnswer(orderId, item.id, answer);
          saved.current = answer;
          onSaved(item.id, answer.result);
          if (mounted.current && mine === sequence.current) setSave({ status: 'saved' });
        } catch (error) {
          if (mounted.current && mine === sequence.current) setSave({ status: 'error', message: messageOf(error, t.saveFailed) });
        }
      });
    },
    [orderId, item.id, onSaved],
  );

  // leaving the screen with a note still waiting for its pause: save it now
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (!noteTimer.current) return;
      clearNoteTimer();
      const answer = answerOf(latest.current.result, latest.current.note);
      if (answer.result !== null && !noteProblem(answer) && !sameAnswer(answer, saved.current)) {
        void technicianApi.saveAnswer(orderId, item.id, answer).catch(() => undefined);
      }
    };
  }, [orderId, item.id]);

  const choose = (next: ChecklistResult) => {
    setResult(next);
    const answer = answerOf(next, note);
    if (noteProblem(answer)) {
      // FAIL without a reason: say so at the note, save nothing until it is written
      clearNoteTimer();
      setNoteError(noteProblem(answer));
      return;
    }
    persist(answer);
  };

  const typeNote = (value: string) => {
    setNote(value);
    const answer = answerOf(result, value);
    if (noteError && !noteProblem(answer)) setNoteError(null);
    clearNoteTimer();
    if (result === null || noteProblem(answer)) return;
    noteTimer.current = setTimeout(() => persist(answerOf(latest.current.result, latest.current.note)), NOTE_SAVE_DELAY_MS);
  };

  const leaveNote = () => {
    if (result === null) return;
    persist(answerOf(result, note));
  };

  const describedBy = [result === 'FAIL' ? hintId : null, noteError ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`${styles.item} ${suggestion ? styles.itemFlagged : ''} ${result === 'FAIL' ? styles.itemFail : ''}`}>
      <fieldset className={styles.fieldset} aria-describedby={suggestion ? flagId : undefined}>
        <legend className={styles.legend}>
          {index + 1}. {item.label}
        </legend>
        {suggestion && (
          <p id={flagId} className={styles.flag} data-testid={`flag-${item.id}`}>
            <span className={styles.flagMark}>
              <span aria-hidden="true">⚠ </span>
              {t.flagged}
            </span>{' '}
            <span className={styles.flagReason}>
              {suggestion.reason} {t.flagLikelihood(suggestion.probability)}
            </span>
          </p>
        )}
        <div className={styles.toggles}>
          {RESULTS.map((value) => (
            <label key={value} className={`${styles.toggle} ${TOGGLE_STYLE[value] ?? ''}`}>
              <input type="radio" name={groupName} value={value} checked={result === value} disabled={!editable} onChange={() => choose(value)} />
              <span className={styles.toggleFace}>{t.results[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={noteId} className={styles.noteLabel}>
        {t.note}
        <span className={common.visuallyHidden}> {item.label}</span>
      </label>
      {result === 'FAIL' && (
        <p id={hintId} className={styles.hint}>
          {t.noteFailHint}
        </p>
      )}
      <textarea
        id={noteId}
        className={styles.note}
        value={note}
        maxLength={CHECKLIST_NOTE_MAX}
        rows={2}
        disabled={!editable}
        aria-required={result === 'FAIL'}
        aria-invalid={noteError !== null}
        aria-describedby={describedBy}
        onChange={(event) => typeNote(event.target.value)}
        onBlur={leaveNote}
      />
      {noteError && (
        <p id={errorId} role="alert" className={styles.fieldError}>
          {noteError}
        </p>
      )}
      {save.status === 'error' ? (
        <div role="alert" className={styles.saveError}>
          <span>{save.message}</span>
          <button type="button" className={common.secondary} onClick={() => persist(answerOf(result, note), true)}>
            {technicianText.retry}
            <span className={common.visuallyHidden}> {t.retryWhat(item.label)}</span>
          </button>
        </div>
      ) : (
        <p className={styles.saveState} data-testid={`save-state-${item.id}`}>
          {save.status === 'saving' ? t.saving : save.status === 'saved' ? t.saved : ''}
        </p>
      )}
      <ChecklistPhotos orderId={orderId} itemId={item.id} label={item.label} photos={item.photos} editable={editable} />
      {editable && result === 'FAIL' && saved.current.result === 'FAIL' && (
        <Link to={partsRequestHref(orderId, item.id)} className={common.linkButton}>
          {t.requestPart}
          <span className={common.visuallyHidden}> {t.requestPartFor(item.label)}</span>
        </Link>
      )}
    </div>
  );
}
