import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import DevHarness from './dev/DevHarness';
import { getAccountStore } from './store/accountStore';
import { fetchCurrentUser } from './store/authSlice';

// Runs this remote alone (npm run dev -w <remote>): the shell is not involved, so the current user is
// fetched here on start (in the site, the shell does it).
void getAccountStore().dispatch(fetchCurrentUser());
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
