import { startRemotes } from './federation/startRemotes';
import { startInTurns } from './startup/startInTurns';
import { startupSteps } from './startup/startupSteps';

// Every step in a task of its own after this script's evaluation, which (with the federation runtime's) is a long
// task on its own (docs/decisions/0006-start-up-in-short-tasks.md). First the run-time manifest is taken and the
// page's remote preloaded, which goes on while the bootstrap chunk loads (not awaited). Async boundary: shared
// singletons are negotiated before any React code runs (DESIGN §5); the heavy shares are evaluated first
// (startup/startupSteps.ts).
void startInTurns(
  [
    async () => {
      void startRemotes().catch(() => undefined);
    },
    ...startupSteps(window.location.pathname),
  ],
  () => import('./bootstrap'),
);
