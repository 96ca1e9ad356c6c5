import { diffTestsetRows, rowContentKey, sharedRowIndexes } from './testset-version';

describe('diffTestsetRows', () => {
  const paris = { country: 'France', correct_answer: 'Paris' };
  const lima = { country: 'Peru', correct_answer: 'Lima' };
  const rome = { country: 'Italy', correct_answer: 'Rome' };

  it('matches rows by content, wherever they moved', () => {
    expect(diffTestsetRows([paris, lima], [lima, paris])).toEqual({ added: [], removed: [], changed: [], unchangedCount: 2 });
  });

  it('pairs a row removed and one added at the same index as a changed row, and lists the rest as added or removed', () => {
    const fixed = { country: 'Peru', correct_answer: 'Lima, Peru' };
    const diff = diffTestsetRows([paris, lima, rome], [paris, fixed, rome, { country: 'Chile', correct_answer: 'Santiago' }]);
    expect(diff.changed).toEqual([{ fromIndex: 1, toIndex: 1, from: lima, to: fixed }]);
    expect(diff.added).toEqual([{ index: 3, row: { country: 'Chile', correct_answer: 'Santiago' } }]);
    expect(diff.removed).toEqual([]);
    expect(diff.unchangedCount).toBe(2);
    expect(diffTestsetRows([paris, lima], [paris])).toEqual({ added: [], removed: [{ index: 1, row: lima }], changed: [], unchangedCount: 1 });
  });

  it('counts a row present twice as two rows', () => {
    expect(diffTestsetRows([paris, paris], [paris]).removed).toEqual([{ index: 1, row: paris }]);
  });

  it('keys a row by its values whatever the order of its columns', () => {
    expect(rowContentKey({ a: 1, b: 'x' })).toBe(rowContentKey({ b: 'x', a: 1 }));
    expect(rowContentKey({ a: 1, b: 'x' })).not.toBe(rowContentKey({ a: '1', b: 'x' }));
  });
});

describe('sharedRowIndexes', () => {
  it('maps each version\'s shared rows to their index in the first version and leaves out the rest', () => {
    const [first, second] = sharedRowIndexes([['a', 'b', 'c'], ['c', 'x', 'a']]);
    expect([...first!]).toEqual([[0, 0], [2, 2]]);
    expect([...second!]).toEqual([[0, 2], [2, 0]]);
  });

  it('pairs repeated rows occurrence by occurrence, and keeps only rows every version has', () => {
    const maps = sharedRowIndexes([['a', 'a', 'b'], ['a', 'b', 'b'], ['b', 'a']]);
    expect(maps.map((map) => [...map].sort(([x], [y]) => x - y))).toEqual([
      [[0, 0], [2, 2]],
      [[0, 0], [1, 2]],
      [[0, 2], [1, 0]],
    ]);
  });
});
