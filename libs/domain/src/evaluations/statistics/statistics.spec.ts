import { BOOTSTRAP_SEED, bootstrapMeanInterval, bootstrapMeanIntervalSteps, quantile } from './bootstrap';
import { seededRandom } from './seeded-random';
import { exactMcNemarPValue } from './mcnemar';
import { normalSurvival } from './normal-distribution';
import { comparePaired } from './paired-comparison';
import { wilcoxonSignedRank } from './wilcoxon';

/** Reference values computed independently with SciPy 1.17 (scipy.stats.binomtest / wilcoxon / norm). */
describe('exact McNemar test', () => {
  it.each([
    [1, 7, 0.0703125],
    [0, 10, 0.001953125],
    [2, 12, 0.012939453125],
    [5, 5, 1],
    [150, 86, 3.7159361395713866e-05], // Agresti's presidential-approval table (discordant 150 vs 86)
    [600, 700, 0.0060157938610449395], // large n: summed in log space, no underflow
  ])('b=%i c=%i → p=%f as scipy.stats.binomtest(min, b+c, 0.5)', (b, c, expected) => {
    expect(exactMcNemarPValue(b, c)).toBeCloseTo(expected, 10);
    expect(exactMcNemarPValue(c, b)).toBeCloseTo(expected, 10);
  });

  it('answers 1 without discordant pairs', () => {
    expect(exactMcNemarPValue(0, 0)).toBe(1);
  });
});

describe('Wilcoxon signed-rank test', () => {
  it("reproduces the exact p of Fisher's maize data in scipy's documentation", () => {
    const d = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75];
    expect(wilcoxonSignedRank(d)).toEqual({ n: 15, statistic: 96, pValue: 0.041259765625, method: 'exact' });
  });

  it('is exact for n = 10 without ties (scipy method="exact")', () => {
    const test = wilcoxonSignedRank([1.5, -0.3, 2.2, 0.8, -1.1, 3.4, 0.6, 2.9, -0.2, 1.7]);
    expect(test.pValue).toBeCloseTo(0.048828125, 12);
    expect(test.method).toBe('exact');
  });

  it('is exact given the ties for small n: matches enumerating every sign assignment', () => {
    const d = [1, 2, 2, -1, 3, 3, -2, 1, 4, 2, -3, 1];
    const absolute = d.map(Math.abs);
    const ranks = absolute.map((a) => {
      const below = absolute.filter((b) => b < a).length;
      const equal = absolute.filter((b) => b === a).length;
      return below + (equal + 1) / 2;
    });
    const observed = d.reduce((s, v, i) => (v > 0 ? s + ranks[i]! : s), 0);
    let atMost = 0;
    let atLeast = 0;
    for (let mask = 0; mask < 2 ** d.length; mask += 1) {
      const sum = ranks.reduce((s, r, i) => ((mask >> i) & 1 ? s + r : s), 0);
      if (sum <= observed) atMost += 1;
      if (sum >= observed) atLeast += 1;
    }
    const expected = Math.min(1, (2 * Math.min(atMost, atLeast)) / 2 ** d.length);
    expect(wilcoxonSignedRank(d).pValue).toBeCloseTo(expected, 12);
  });

  it('uses the normal approximation with tie and continuity corrections above n = 25 (scipy method="approx")', () => {
    const ties = [1, 2, 2, -1, 3, 3, 3, -2, 1, 1, 2, 4, -1, 2, 3, 1, 2, 2, -3, 1, 1, 2, 3, 1, 2, 2, 1, -1, 2, 3];
    const test = wilcoxonSignedRank(ties);
    expect(test.method).toBe('normal');
    expect(test.pValue / 0.00036491087670631044).toBeCloseTo(1, 5);
    const withZeros = [0.6, 1.1, 0.6, -1.0, 1.2, 0.7, -0.2, 0.9, 0.7, 0.6, 0.3, 0.8, -0.4, 0.1, -0.2, 0.9, 0.3, 0.0, -0.5,
      0.0, 0.3, 0.0, 1.6, 1.3, -2.4, -1.6, 0.1, -0.1, 0.5, 0.5, 2.4, -0.8, -0.1, 2.3, 0.9, 1.0, -0.2, -1.3, 0.5, 0.4];
    const zeroDropped = wilcoxonSignedRank(withZeros);
    expect(zeroDropped.n).toBe(37);
    expect(zeroDropped.pValue / 0.023093997667365803).toBeCloseTo(1, 5);
  });

  it('answers p = 1 when every difference is zero', () => {
    expect(wilcoxonSignedRank([0, 0, 0]).pValue).toBe(1);
  });
});

describe('normal survival function', () => {
  it.each([[1.96, 0.024997895148220435], [3.5, 0.00023262907903552502], [0.5, 0.3085375387259869], [-0.5, 0.6914624612740131]])(
    'P(Z ≥ %f) = %f as scipy.stats.norm.sf', (z, expected) => {
      expect(normalSurvival(z) / expected).toBeCloseTo(1, 6);
    },
  );
});

describe('percentile bootstrap', () => {
  it('interpolates quantiles as numpy does', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30], 0.975)).toBeCloseTo(29.5);
  });

  it('is repeatable, brackets the mean, and narrows with more rows', () => {
    const values = Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? 0 : 1));
    const first = bootstrapMeanInterval(values)!;
    expect(bootstrapMeanInterval(values)).toEqual(first);
    expect(first.low).toBeLessThan(0.75);
    expect(first.high).toBeGreaterThan(0.75);
    // The normal-theory interval 0.75 ± 1.96·sqrt(0.75·0.25/40) is 0.616…0.884; the bootstrap lands close.
    expect(first.low).toBeCloseTo(0.616, 1);
    expect(first.high).toBeCloseTo(0.884, 1);
    const wide = bootstrapMeanInterval(values.concat(values, values, values))!;
    expect(wide.high - wide.low).toBeLessThan(first.high - first.low);
  });

  it('draws what one closure over the seeded generator draws, whatever slices it is computed in', () => {
    // The interval as first written: every draw from seededRandom(BOOTSTRAP_SEED), in one loop.
    const oneLoop = (values: number[]) => {
      const random = seededRandom(BOOTSTRAP_SEED);
      const means = Array.from({ length: 2000 }, () => {
        let sum = 0;
        for (let i = 0; i < values.length; i += 1) sum += values[Math.floor(random() * values.length)]!;
        return sum / values.length;
      }).sort((a, b) => a - b);
      return { low: quantile(means, (1 - 0.95) / 2), high: quantile(means, (1 + 0.95) / 2) };
    };
    for (const n of [7, 150, 1001]) {
      const values = Array.from({ length: n }, (_, i) => Math.sin(i) * 10 + (i % 3));
      expect(bootstrapMeanInterval(values)).toEqual(oneLoop(values));
      const steps = bootstrapMeanIntervalSteps(values);
      let slices = 0;
      while (!steps.next().done) slices += 1;
      expect(slices).toBeGreaterThan(0);
    }
  });

  it('has no interval without values, and a point one for a constant', () => {
    expect(bootstrapMeanInterval([])).toBeNull();
    expect(bootstrapMeanInterval([3, 3, 3])).toEqual({ low: 3, high: 3 });
  });
});

describe('paired comparison', () => {
  const rows = (values: number[]) => new Map(values.map((v, i) => [i, v] as [number, number]));

  it('calls a candidate right on 12 more rows of 20 better, with McNemar and an interval above zero', () => {
    const baseline = rows(Array.from({ length: 20 }, (_, i) => (i < 6 ? 1 : 0)));
    const candidate = rows(Array.from({ length: 20 }, (_, i) => (i < 18 ? 1 : 0)));
    const result = comparePaired(baseline, candidate, { binary: true, higherIsBetter: true, rowCount: 20 });
    expect(result).toMatchObject({ n: 20, excludedRows: 0, test: 'mcnemar_exact', verdict: 'better' });
    expect(result.difference).toBeCloseTo(0.6);
    expect(result.pValue).toBeCloseTo(0.000488281, 8); // binomtest(0, 12, 0.5)
    expect(result.ciLow!).toBeGreaterThan(0);
    expect(result.ciHigh!).toBeLessThanOrEqual(1);
  });

  it('leaves out rows missing on either side and counts them', () => {
    const baseline = new Map([[0, 1], [1, 0], [2, 1]]);
    const candidate = new Map([[0, 1], [2, 0], [3, 1]]);
    const result = comparePaired(baseline, candidate, { binary: true, higherIsBetter: true, rowCount: 4 });
    expect(result).toMatchObject({ n: 2, excludedRows: 2, verdict: 'no_significant_difference' });
  });

  it('calls a lower cost better when lower is better', () => {
    const baseline = rows(Array.from({ length: 30 }, (_, i) => 2 + i / 100));
    const candidate = rows(Array.from({ length: 30 }, (_, i) => 1 + i / 100));
    const result = comparePaired(baseline, candidate, { binary: false, higherIsBetter: false, rowCount: 30 });
    expect(result).toMatchObject({ test: 'wilcoxon_normal', verdict: 'better' });
    expect(result.difference).toBeCloseTo(-1);
  });

  it('answers no difference and no p-value without paired rows', () => {
    expect(comparePaired(new Map(), new Map([[0, 1]]), { binary: true, higherIsBetter: true, rowCount: 1 }))
      .toMatchObject({ n: 0, excludedRows: 1, pValue: null, verdict: 'no_significant_difference' });
  });
});
