const path = require('node:path');
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Jest's own order (failed files first, then the longest first, so that two workers finish together), with the
 * seconds each file took in a whole run (test/suiteDurations.json) where Jest's cache has none: a fresh clone (CI)
 * would otherwise order by file size and could leave the contract fuzz for last. A file the record lacks weighs the
 * median. Refresh: `npx jest --json --outputFile=/tmp/api.json`, then
 * `node scripts/jest/recordSuiteDurations.cjs /tmp/api.json api/test/suiteDurations.json`.
 */
class LongestFirstSequencer extends Sequencer {
  constructor(options) {
    super(options);
    // keyed by the path from the record's folder (test/)
    this.folder = path.join(__dirname, '..');
    this.recorded = JSON.parse(readFileSync(path.join(this.folder, 'suiteDurations.json'), 'utf8'));
    const seconds = Object.values(this.recorded).sort((a, b) => a - b);
    this.median = seconds.length > 0 ? seconds[Math.floor(seconds.length / 2)] : 1;
  }

  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const recorded = this.recorded[path.relative(this.folder, test.path).split(path.sep).join('/')];
    return (recorded ?? this.median) * 1000;
  }
}

module.exports = LongestFirstSequencer;
