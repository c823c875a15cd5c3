import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// CI runs every suite on a loaded 2-core machine, where a lazy page's first load can take seconds:
// findBy*/waitFor wait up to 5 s instead of 1 s (a test still fails when the screen never appears).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads when its module loads.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
