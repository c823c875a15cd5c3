import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import DevHarness from './dev/DevHarness';

// Runs this remote alone (npm run dev -w <remote>): the shell is not involved.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <DevHarness />
      </BrowserRouter>
    </StrictMode>,
  );
}
