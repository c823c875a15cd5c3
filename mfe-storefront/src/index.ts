// Async boundary: shared singletons are negotiated before any React code runs (DESIGN §5).
import('./bootstrap');
