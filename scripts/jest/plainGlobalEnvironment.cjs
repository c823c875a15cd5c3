// Jest's Node environment with a plain global object. Jest 30 runs each file in a vm context whose sandbox is a Proxy
// (to track the globals a file sets); every global a module reads (Math, Date, JSON, ...) then goes through Node's
// interceptor and that Proxy. A context made with vm.constants.DONT_CONTEXTIFY has an ordinary global instead, which
// Jest fills as before (docs/decisions/0081-api-suites-in-a-plain-global-sandbox.md).
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

class PlainGlobalEnvironment extends TestEnvironment {
  constructor(config, context) {
    const createContext = vm.createContext;
    // Node 22.8+; an older Node keeps Jest's own context.
    if (vm.constants?.DONT_CONTEXTIFY !== undefined) vm.createContext = () => createContext(vm.constants.DONT_CONTEXTIFY);
    try {
      super(config, context);
    } finally {
      vm.createContext = createContext;
    }
  }
}

module.exports = PlainGlobalEnvironment;
