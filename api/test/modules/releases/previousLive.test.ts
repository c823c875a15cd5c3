import { previousLiveBuild } from '../../../src/modules/releases/releaseRegistry';

const promote = (build_id: string) => ({ action: 'PROMOTE', build_id });
const rollback = (build_id: string) => ({ action: 'ROLLBACK', build_id });

/** A rollback without a named build goes to the live build before the current one, as the audit tells it. */
describe('the previous live build', () => {
  it('is the one promoted before the current one', () => {
    expect(previousLiveBuild([promote('A')])).toBeNull();
    expect(previousLiveBuild([promote('A'), promote('B'), promote('C')])).toBe('B');
  });

  it('goes further back after each rollback, until none is left', () => {
    expect(previousLiveBuild([promote('A'), promote('B'), promote('C'), rollback('B')])).toBe('A');
    expect(previousLiveBuild([promote('A'), promote('B'), promote('C'), rollback('B'), rollback('A')])).toBeNull();
  });

  it('after a rollback to a named older build, is the build that build replaced', () => {
    // C was live, A named: the previous live is C again
    expect(previousLiveBuild([promote('A'), promote('B'), promote('C'), rollback('A')])).toBe('C');
    // a named build that was never live before: back to the one it replaced
    expect(previousLiveBuild([promote('A'), rollback('X')])).toBe('A');
  });
});
