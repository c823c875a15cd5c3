// jsdom without the web platform pieces react-router's data router needs (Request, TextEncoder, ...):
// they are taken from Node, together with Node's AbortController so a Request accepts its signal.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['TextEncoder', 'TextDecoder', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'AbortController', 'AbortSignal', 'ReadableStream', 'structuredClone'];

class WebJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = WebJsdomEnvironment;
