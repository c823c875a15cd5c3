import * as diagnostics from '../src/diagnostics';
import { formatInterval, formatPercent, LIKELIHOOD_BANDS, likelihood, likelihoodWords, wholePercent } from '../src/diagnostics/likelihoodWords';

describe('the one scale of likelihood words', () => {
  it('is exported from the shared-contracts/diagnostics entry', () => {
    expect(diagnostics.likelihood).toBe(likelihood);
    expect(diagnostics.likelihoodWords).toBe(likelihoodWords);
    expect(diagnostics.formatPercent).toBe(formatPercent);
    expect(diagnostics.formatInterval).toBe(formatInterval);
    expect(diagnostics.wholePercent).toBe(wholePercent);
    expect(diagnostics.LIKELIHOOD_BANDS).toBe(LIKELIHOOD_BANDS);
  });

  it('has five bands, highest first, the last one from 0 (every percent has a word)', () => {
    expect(LIKELIHOOD_BANDS.map(([from]) => from)).toEqual([80, 50, 20, 5, 0]);
    expect(LIKELIHOOD_BANDS.map(([, words]) => words)).toEqual(['Khả năng rất cao', 'Khả năng cao', 'Khả năng vừa', 'Khả năng thấp', 'Khả năng rất thấp']);
  });

  it('rounds to the whole percent shown, clamped to 0–100', () => {
    expect(wholePercent(0.62)).toBe(62);
    expect(wholePercent(0.495)).toBe(50);
    expect(wholePercent(0.494)).toBe(49);
    expect(wholePercent(0.004)).toBe(0);
    expect(wholePercent(0.996)).toBe(100);
    expect(wholePercent(-0.2)).toBe(0);
    expect(wholePercent(1.3)).toBe(100);
  });

  it('reads each band on the rounded whole percent, so the words never disagree with the figure shown', () => {
    // each boundary, from just below (rounding down) and just above it (rounding up to it)
    expect(likelihood(0.794)).toBe('Khả năng cao (79%)');
    expect(likelihood(0.795)).toBe('Khả năng rất cao (80%)');
    expect(likelihood(0.8)).toBe('Khả năng rất cao (80%)');
    expect(likelihood(0.494)).toBe('Khả năng vừa (49%)');
    expect(likelihood(0.495)).toBe('Khả năng cao (50%)');
    expect(likelihood(0.5)).toBe('Khả năng cao (50%)');
    expect(likelihood(0.194)).toBe('Khả năng thấp (19%)');
    expect(likelihood(0.199)).toBe('Khả năng vừa (20%)');
    expect(likelihood(0.2)).toBe('Khả năng vừa (20%)');
    expect(likelihood(0.044)).toBe('Khả năng rất thấp (4%)');
    expect(likelihood(0.049)).toBe('Khả năng thấp (5%)');
    expect(likelihood(0.05)).toBe('Khả năng thấp (5%)');
    expect(likelihood(0.62)).toBe('Khả năng cao (62%)');
    expect(likelihood(0.35)).toBe('Khả năng vừa (35%)');
    expect(likelihoodWords(0.12)).toBe('Khả năng thấp');
    expect(likelihoodWords(0)).toBe('Khả năng rất thấp');
    expect(likelihoodWords(1)).toBe('Khả năng rất cao');
  });

  it('never shows 0% or 100%: dưới 1% / trên 99%', () => {
    expect(formatPercent(0.004)).toBe('dưới 1%');
    expect(formatPercent(0)).toBe('dưới 1%');
    expect(formatPercent(0.005)).toBe('1%');
    expect(formatPercent(0.994)).toBe('99%');
    expect(formatPercent(0.996)).toBe('trên 99%');
    expect(formatPercent(1)).toBe('trên 99%');
    expect(likelihood(0.004)).toBe('Khả năng rất thấp (dưới 1%)');
    expect(likelihood(0.996)).toBe('Khả năng rất cao (trên 99%)');
  });

  it('formats a 95 % interval on the same whole percents, one figure when both ends round alike', () => {
    expect(formatInterval({ low: 0.48, high: 0.75 })).toBe('khoảng 48–75%');
    expect(formatInterval({ low: 0.4751, high: 0.7549 })).toBe('khoảng 48–75%');
    expect(formatInterval({ low: 0.621, high: 0.624 })).toBe('khoảng 62%');
  });
});
