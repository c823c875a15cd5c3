import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { catalogueItemText as t } from './catalogueItemText';

/** Whether the user agrees to leave with unsaved edits (the browser's own confirm box). */
const agreesToLeave = () => window.confirm(t.leaveUnsaved);

/** In-app navigation away (a link, the back button) asks first; needs the data router the shell provides. */
function RouterGuard({ dirty }: { dirty: { current: boolean } }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (agreesToLeave()) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return null;
}

/**
 * While `when` holds (the form has edits not saved), leaving the page asks "Bạn có thay đổi chưa lưu. Rời trang?":
 * in-app navigation through the router, a reload or closing the tab through `beforeunload`.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const dirty = useRef(when);
  dirty.current = when;
  const dataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  useEffect(() => {
    if (!when) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = t.leaveUnsaved;
      return t.leaveUnsaved;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return dataRouter ? <RouterGuard dirty={dirty} /> : null;
}
