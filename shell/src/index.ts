import { startRemotes } from './federation/startRemotes';
import { startInTurns } from './startup/startInTurns';

// The run-time manifest is fetched and the page's remote preloaded while the bootstrap chunk loads.
void startRemotes().catch(() => undefined);
// Async boundary: shared singletons are negotiated before any React code runs (DESIGN §5). The heavy shares are
// evaluated first, each in a task of its own (startup/startInTurns.ts).
void startInTurns(
  [() => import('react'), () => import('react-dom/client'), () => import('react-router-dom'), () => import('shared-contracts')],
  () => import('./bootstrap'),
);
