import { DomainError } from '../shared/domain-error';
import { assertTakesScores, checkedScoreValue } from './score';
import { type ScoreConfig, checkedScoreConfig } from './score-config';

const config = (overrides: Partial<ScoreConfig>): ScoreConfig => ({
  id: 'c1', projectId: 'p1', name: 'quality', dataType: 'numeric', min: null, max: null, categories: null, description: null,
  archived: false, createdAt: new Date(0), updatedAt: new Date(0), createdBy: 'key', ...overrides,
});

/** The refusal's field and rule, or the value when it was accepted. */
function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, field: error.violations[0]?.field.join('.'), rule: error.violations[0]?.rule, message: error.message };
  }
}

describe('checkedScoreValue', () => {
  const stars = config({ name: 'stars', min: 1, max: 5 });
  const helpful = config({ name: 'helpful', dataType: 'boolean' });
  const tone = config({ name: 'tone', dataType: 'categorical', categories: [{ label: 'rude', value: 0 }, { label: 'polite', value: 1 }] });
  const note = config({ name: 'note', dataType: 'text' });

  it('keeps a number within its bounds and names the bound it crosses', () => {
    expect(checkedScoreValue(stars, { value: 4.5 })).toEqual({ dataType: 'numeric', value: 4.5, stringValue: null });
    expect(checkedScoreValue(stars, { value: 1 })).toMatchObject({ value: 1 });
    expect(outcome(() => checkedScoreValue(stars, { value: 7 }))).toMatchObject({
      code: 'invalid_input', field: 'value', rule: 'above_maximum', message: 'value: 7 is above the maximum 5 of score config "stars"',
    });
    expect(outcome(() => checkedScoreValue(stars, { value: 0 }))).toMatchObject({ field: 'value', rule: 'below_minimum' });
    expect(outcome(() => checkedScoreValue(stars, { stringValue: 'great' }))).toMatchObject({ field: 'string_value', rule: 'not_number' });
    expect(outcome(() => checkedScoreValue(stars, { value: true }))).toMatchObject({ field: 'value', rule: 'not_number' });
    expect(outcome(() => checkedScoreValue(stars, {}))).toMatchObject({ field: 'value', rule: 'required' });
  });

  it('takes a boolean as true/false or 1/0 and stores 1 or 0, refusing text', () => {
    expect(checkedScoreValue(helpful, { value: true })).toEqual({ dataType: 'boolean', value: 1, stringValue: 'true' });
    expect(checkedScoreValue(helpful, { value: 0 })).toEqual({ dataType: 'boolean', value: 0, stringValue: 'false' });
    expect(outcome(() => checkedScoreValue(helpful, { value: 2 }))).toMatchObject({ field: 'value', rule: 'not_boolean' });
    expect(outcome(() => checkedScoreValue(helpful, { stringValue: 'yes' }))).toMatchObject({
      field: 'string_value', rule: 'not_boolean', message: expect.stringContaining('score config "helpful" is boolean'),
    });
  });

  it('takes a category by value or by label and stores both', () => {
    expect(checkedScoreValue(tone, { value: 1 })).toEqual({ dataType: 'categorical', value: 1, stringValue: 'polite' });
    expect(checkedScoreValue(tone, { stringValue: 'rude' })).toEqual({ dataType: 'categorical', value: 0, stringValue: 'rude' });
    expect(checkedScoreValue(tone, { value: 0, stringValue: 'rude' })).toMatchObject({ value: 0 });
    expect(outcome(() => checkedScoreValue(tone, { value: 3 }))).toMatchObject({
      field: 'value', rule: 'not_a_choice', message: 'value: 3 is not a category of score config "tone" (rude=0, polite=1)',
    });
    expect(outcome(() => checkedScoreValue(tone, { stringValue: 'snarky' }))).toMatchObject({ field: 'string_value', rule: 'not_a_choice' });
    expect(outcome(() => checkedScoreValue(tone, { value: 1, stringValue: 'rude' }))).toMatchObject({ field: 'string_value', rule: 'invalid_value' });
  });

  it('keeps text in string_value and refuses a number on a text config', () => {
    expect(checkedScoreValue(note, { stringValue: 'too long' })).toEqual({ dataType: 'text', value: null, stringValue: 'too long' });
    expect(outcome(() => checkedScoreValue(note, { value: 3 }))).toMatchObject({ field: 'value', rule: 'invalid_value' });
    expect(outcome(() => checkedScoreValue(note, { stringValue: ' ' }))).toMatchObject({ field: 'string_value', rule: 'required' });
  });

  it('infers the type of a score without a config', () => {
    expect(checkedScoreValue(null, { value: 0.25 })).toEqual({ dataType: 'numeric', value: 0.25, stringValue: null });
    expect(checkedScoreValue(null, { value: false })).toEqual({ dataType: 'boolean', value: 0, stringValue: 'false' });
    expect(checkedScoreValue(null, { stringValue: 'ok' })).toEqual({ dataType: 'text', value: null, stringValue: 'ok' });
    expect(outcome(() => checkedScoreValue(null, {}))).toMatchObject({ field: 'value', rule: 'required' });
    expect(outcome(() => checkedScoreValue(null, { value: Number.POSITIVE_INFINITY }))).toMatchObject({ field: 'value', rule: 'not_number' });
  });

  it('refuses new scores for an archived config', () => {
    expect(outcome(() => assertTakesScores(config({ archived: true })))).toMatchObject({ code: 'conflict' });
    expect(() => assertTakesScores(config({}))).not.toThrow();
  });
});

describe('checkedScoreConfig', () => {
  it('keeps bounds for numeric configs and categories for categorical ones, and nothing else', () => {
    expect(checkedScoreConfig({ name: ' stars ', dataType: 'numeric', min: 1, max: 5 })).toMatchObject({ name: 'stars', min: 1, max: 5, categories: null });
    expect(outcome(() => checkedScoreConfig({ name: 's', dataType: 'numeric', min: 5, max: 1 }))).toMatchObject({ field: 'max', rule: 'below_minimum' });
    expect(outcome(() => checkedScoreConfig({ name: 'b', dataType: 'boolean', min: 0 }))).toMatchObject({ field: 'min', rule: 'invalid_value' });
    expect(outcome(() => checkedScoreConfig({ name: 'c', dataType: 'categorical' }))).toMatchObject({ field: 'categories', rule: 'too_few_items' });
    expect(outcome(() => checkedScoreConfig({ name: 'c', dataType: 'categorical', categories: [{ label: 'a', value: 1 }, { label: 'b', value: 1 }] })))
      .toMatchObject({ field: 'categories.1.value', rule: 'invalid_value' });
    expect(outcome(() => checkedScoreConfig({ name: 't', dataType: 'text', categories: [{ label: 'a', value: 1 }] })))
      .toMatchObject({ field: 'categories', rule: 'invalid_value' });
    expect(outcome(() => checkedScoreConfig({ name: '  ', dataType: 'text' }))).toMatchObject({ field: 'name', rule: 'text_too_short' });
  });
});
