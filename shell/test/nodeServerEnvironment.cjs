// The shell's jsdom environment with Node's timers and the Node globals undici (behind @fastify/http-proxy) needs:
// for the tests that run the servers of scripts/serve (`@jest-environment ./test/nodeServerEnvironment.cjs`).
const WebJsdomEnvironment = require('../../scripts/jest/jsdomEnvironment.cjs');

const FROM_NODE = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'MessagePort', 'MessageChannel'];

class NodeServerEnvironment extends WebJsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = NodeServerEnvironment;
