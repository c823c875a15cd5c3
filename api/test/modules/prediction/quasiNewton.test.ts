import { minimise } from '../../../src/modules/prediction/quasiNewton';

describe('BFGS minimisation', () => {
  it('finds the minimum of a quadratic bowl', () => {
    const found = minimise(([x, y]) => ({ value: (x! - 3) ** 2 + 10 * (y! + 1) ** 2, gradient: [2 * (x! - 3), 20 * (y! + 1)] }), [0, 0]);
    expect(found.converged).toBe(true);
    expect(found.x[0]).toBeCloseTo(3, 6);
    expect(found.x[1]).toBeCloseTo(-1, 6);
  });

  it('finds the minimum of Rosenbrock’s banana valley from the usual start (−1.2, 1)', () => {
    const rosenbrock = ([x, y]: readonly number[]) => ({
      value: 100 * (y! - x! * x!) ** 2 + (1 - x!) ** 2,
      gradient: [-400 * x! * (y! - x! * x!) - 2 * (1 - x!), 200 * (y! - x! * x!)],
    });
    const found = minimise(rosenbrock, [-1.2, 1], { gradientTolerance: 1e-8 });
    expect(found.converged).toBe(true);
    expect(found.x[0]).toBeCloseTo(1, 4);
    expect(found.x[1]).toBeCloseTo(1, 4);
  });

  it('stays inside the domain: a step to where the objective is not finite is shortened', () => {
    // −log x + x, minimum at 1; undefined for x ≤ 0, where a full first step from 0.01 would land.
    const found = minimise(([x]) => (x! > 0 ? { value: -Math.log(x!) + x!, gradient: [-1 / x! + 1] } : { value: Number.NaN, gradient: [0] }), [0.01]);
    expect(found.x[0]).toBeCloseTo(1, 5);
  });

  it('refuses a start outside the domain', () => {
    expect(() => minimise(() => ({ value: Number.POSITIVE_INFINITY, gradient: [0] }), [0])).toThrow();
  });
});
