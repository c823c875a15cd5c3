// Writes the seconds each test file took, from a `jest --json` output, keyed by the path from the repository's root
// (the record longestFirstSequencer.cjs reads).
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const [input, output = path.join(__dirname, 'suiteDurations.json')] = process.argv.slice(2);
if (!input) {
  console.error('usage: node scripts/jest/recordSuiteDurations.cjs <jest --json output> [durations file]');
  process.exit(1);
}
const results = JSON.parse(readFileSync(input, 'utf8')).testResults;
const durations = Object.fromEntries(
  results
    .map((result) => [path.relative(REPO_ROOT, result.name).split(path.sep).join('/'), Math.round((result.endTime - result.startTime) / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(output, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files, ${Object.values(durations).reduce((sum, value) => sum + value, 0).toFixed(1)} s`);
