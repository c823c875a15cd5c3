// jsdom with what react-router's data router needs from Node (Request and the AbortController its signal must come
// from), keeping jsdom's own FormData and Blob so forms and file inputs behave as in the browser.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['TextEncoder', 'TextDecoder', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal'];

class RouterJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = RouterJsdomEnvironment;
