import { costOfUsage } from './model';

describe('the cost of a call from prices per million tokens', () => {
  const prices = { input: 0.15, output: 0.6, cachedInput: 0.075 };

  it('is price × tokens, exact to a ten-thousandth of a micro-dollar', () => {
    expect(costOfUsage(prices, { input: 1234, output: 567 })).toBe(0.0005253);
    expect(costOfUsage(prices, { input: 1, output: 0 })).toBe(1.5e-7);
  });

  it('prices cached input tokens (part of the input) at the cached price, or the input price when there is none', () => {
    expect(costOfUsage(prices, { input: 1000, output: 0, cachedInput: 400 })).toBe(0.00012);
    expect(costOfUsage({ ...prices, cachedInput: null }, { input: 1000, output: 0, cachedInput: 400 })).toBe(0.00015);
    expect(costOfUsage(prices, { input: 10, output: 0, cachedInput: 50 })).toBe(7.5e-7);
  });
});
