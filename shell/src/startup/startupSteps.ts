import { ownerOfPath } from '../federation/startRemotes';
import type { Step } from './startInTurns';

/**
 * The shell's start-up steps, each evaluated in a task of its own before the bootstrap chunk (startInTurns.ts):
 * React, ReactDOM, the router and shared-contracts; then, on a storefront page, the VND formatter made once.
 *
 * Why the formatter: a page's first Intl.NumberFormat('vi-VN') loads ICU's Vietnamese data, a long task on a phone.
 * Made by the first price the storefront renders, it lands inside one of React's tasks, which then runs past 50 ms;
 * made here it is a task of its own, while the page's chunks are still arriving. Pages of the account and the back
 * office make it when they first need it (docs/decisions/0006-start-up-in-short-tasks.md).
 */
export function startupSteps(pathname: string): Step[] {
  const shared: Step[] = [() => import('react'), () => import('react-dom/client'), () => import('react-router-dom'), () => import('shared-contracts')];
  if (ownerOfPath(pathname) !== 'mfe_storefront') return shared;
  return [...shared, () => import('shared-contracts').then(({ formatVnd }) => formatVnd(0))];
}
