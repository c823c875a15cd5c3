import { startRemotes } from './federation/startRemotes';
import { nextTask, startInTurns } from './startup/startInTurns';
import { startupSteps } from './startup/startupSteps';

// The entry's work goes in tasks of its own, after the script's evaluation (with the federation runtime's, a task
// of 70–130 ms at 4× CPU on its own): the run-time manifest and the page's remote preload in the next task, then the
// start-up in turns (startup/startInTurns.ts, startup/startupSteps.ts).
void nextTask()
  .then(() => {
    // The run-time manifest is taken and the page's remote preloaded while the bootstrap chunk loads.
    void startRemotes().catch(() => undefined);
    return nextTask();
  })
  // Async boundary: shared singletons are negotiated before any React code runs (DESIGN §5). The heavy shares are
  // evaluated first, each in a task of its own.
  .then(() => startInTurns(startupSteps(window.location.pathname), () => import('./bootstrap')));
