import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { buildRoutes } from './app/routeElements';
import { revealAppWhenRendered } from './firstView/revealApp';
import './styles/global.css';

const router = createBrowserRouter(buildRoutes());

const container = document.getElementById('root');
if (container) {
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
