import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { buildRoutes } from './app/routeElements';
import { startRemotes } from './federation/startRemotes';
import { revealAppWhenRendered } from './firstView/revealApp';
import { startReleaseHealth } from './releaseHealth';
import { nextTask } from './startup/startInTurns';
import './styles/global.css';

/** The app in `container`: its router made, then (in the next task) its root made and its first render started. */
async function startApp(container: HTMLElement): Promise<void> {
  startReleaseHealth({ manifest: startRemotes() });
  const router = createBrowserRouter(buildRoutes());
  await nextTask();
  revealAppWhenRendered(container);
  const root = createRoot(container);
  // The first render as a transition: React renders in slices and yields to the browser between them, so a
  // phone's main thread is never blocked for long while the page assembles (Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

// The app starts in the task after this chunk's modules were evaluated: evaluating them, making the router, and
// making the root with the first render's start are three tasks, not one long one (docs/decisions/0006-start-up-in-short-tasks.md).
const container = document.getElementById('root');
if (container) void nextTask().then(() => startApp(container));
