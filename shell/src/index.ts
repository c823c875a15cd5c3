import { startRemotes } from './federation/startRemotes';

// The run-time manifest is fetched and the page's remote preloaded while the bootstrap chunk loads.
void startRemotes().catch(() => undefined);
// Async boundary: shared singletons are negotiated before any React code runs (DESIGN §5).
import('./bootstrap');
