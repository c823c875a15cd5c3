const path = require('node:path');
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * Jest's own order (failed files first, then the longest first, so that two workers finish together), with the
 * seconds each file took in a whole run (suiteDurations.json, keyed by the path from the repository's root) where
 * Jest's cache has none: a fresh clone (CI) would otherwise order by file size and could leave the contract fuzz for
 * last. A file the record lacks weighs the median. Refresh: `npx jest -c jest.unit.config.cjs --json
 * --outputFile=/tmp/unit.json`, then `node scripts/jest/recordSuiteDurations.cjs /tmp/unit.json`.
 */
class LongestFirstSequencer extends Sequencer {
  constructor(options) {
    super(options);
    this.recorded = JSON.parse(readFileSync(path.join(__dirname, 'suiteDurations.json'), 'utf8'));
    const seconds = Object.values(this.recorded).sort((a, b) => a - b);
    this.median = seconds.length > 0 ? seconds[Math.floor(seconds.length / 2)] : 1;
  }

  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const recorded = this.recorded[path.relative(REPO_ROOT, test.path).split(path.sep).join('/')];
    return (recorded ?? this.median) * 1000;
  }
}

module.exports = LongestFirstSequencer;
