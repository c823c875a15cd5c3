import { startRemotesManifestFetch } from './federation/remotesManifestFetch';

// The run-time manifest is fetched while the bootstrap chunk loads, so it adds no step to the waterfall.
startRemotesManifestFetch();
// Async boundary: shared singletons are negotiated before any React code runs (DESIGN §5).
import('./bootstrap');
