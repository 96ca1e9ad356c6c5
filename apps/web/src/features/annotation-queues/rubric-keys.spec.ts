import type { ScoreConfig } from '@crucible/client';
import { categoryKeys, numericChoices, stepped } from './rubric-keys';

const config = (overrides: Partial<ScoreConfig>): ScoreConfig => ({
  id: 'c', name: 'c', data_type: 'numeric', min: null, max: null, categories: null, description: null, archived: false,
  created_at: '', updated_at: '', created_by: 'k', ...overrides,
});

describe('the annotation screen\'s keys', () => {
  it('gives each category its initial, or the next free letter, never s (skip)', () => {
    const tone = config({ data_type: 'categorical', categories: [
      { label: 'polite', value: 1 }, { label: 'pushy', value: 2 }, { label: 'snarky', value: 3 }, { label: 'Angry', value: 4 }, { label: '😀', value: 5 },
    ] });
    expect(categoryKeys(tone)).toEqual(['p', 'a', 'b', 'c', 'd']);
  });

  it('offers digits for small whole ranges and steps arrows within the bounds', () => {
    expect(numericChoices(config({ min: 1, max: 5 }))).toEqual([1, 2, 3, 4, 5]);
    expect(numericChoices(config({ min: 0, max: 100 }))).toEqual([]);
    expect(numericChoices(config({ min: 0, max: null }))).toEqual([]);
    expect(stepped(config({ min: 1, max: 5 }), null, 1)).toBe(2);
    expect(stepped(config({ min: 1, max: 5 }), 5, 1)).toBe(5);
    expect(stepped(config({ min: 0, max: 1 }), 0.3, -1)).toBe(0.2);
    expect(stepped(config({}), null, -3)).toBe(-3);
  });
});
