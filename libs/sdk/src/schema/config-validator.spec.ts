import { ConfigValidationError, Field, MCField, parseConfig, validateConfig } from '../index';

class Cfg {
  @Field({ default: 'hi' }) text!: string;
  @Field({ default: 0.5, ge: 0, le: 1 }) ratio!: number;
  @Field({ default: 5, gt: 0, lt: 10, type: 'int' }) count!: number;
  @Field({ default: true }) flag!: boolean;
  @MCField({ default: 'a', choices: ['a', 'b', 'c'] }) letter!: string;
  @MCField({ default: 'x', choices: { G1: ['x'], G2: ['y', 'z'] } }) grouped!: string;

  describe(): string {
    return `${this.text}/${this.count}`;
  }
}

const loc = ['body', 'config'];

describe('config validation', () => {
  it('merges a partial config over the defaults', () => {
    expect(validateConfig(Cfg, { ratio: 1, grouped: 'z' }, { loc })).toEqual({
      ok: true,
      value: { text: 'hi', ratio: 1, count: 5, flag: true, letter: 'a', grouped: 'z' },
    });
  });

  it.each([
    [{ text: 3 }, 'text', 'string_type', 'Input should be a valid string'],
    [{ ratio: '0.3' }, 'ratio', 'float_type', 'Input should be a valid number'],
    [{ ratio: null }, 'ratio', 'float_type', 'Input should be a valid number'],
    [{ count: 2.5 }, 'count', 'int_type', 'Input should be a valid integer'],
    [{ count: 'many' }, 'count', 'int_type', 'Input should be a valid integer'],
    [{ flag: 'yes' }, 'flag', 'bool_type', 'Input should be a valid boolean'],
    [{ ratio: -0.1 }, 'ratio', 'greater_than_equal', 'Input should be greater than or equal to 0'],
    [{ ratio: 1.5 }, 'ratio', 'less_than_equal', 'Input should be less than or equal to 1'],
    [{ count: 0 }, 'count', 'greater_than', 'Input should be greater than 0'],
    [{ count: 10 }, 'count', 'less_than', 'Input should be less than 10'],
    [{ letter: 'd' }, 'letter', 'literal_error', "Input should be 'a', 'b' or 'c'"],
    [{ grouped: 'G1' }, 'grouped', 'literal_error', "Input should be 'x', 'y' or 'z'"],
    [{ letter: 1 }, 'letter', 'string_type', 'Input should be a valid string'],
    [{ unknown: 1 }, 'unknown', 'extra_forbidden', 'Extra inputs are not permitted'],
  ])('rejects %j with %s / %s', (config, field, type, msg) => {
    expect(validateConfig(Cfg, config, { loc })).toEqual({ ok: false, errors: [{ loc: ['body', 'config', field], msg, type }] });
  });

  it('reports every broken field at once', () => {
    const result = validateConfig(Cfg, { text: 1, flag: 0, extra: true }, { loc });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((error) => error.loc[2])).toEqual(['extra', 'text', 'flag']);
  });

  it('can ignore unknown keys (stored parameters of an older schema)', () => {
    expect(validateConfig(Cfg, { gone: 1 }, { extra: 'ignore' }).ok).toBe(true);
  });

  it('parses into an instance of the schema class', () => {
    const config = parseConfig(Cfg, { count: 7 });
    expect(config).toBeInstanceOf(Cfg);
    expect(config.describe()).toBe('hi/7');
    expect(() => parseConfig(Cfg, { count: 70 })).toThrow(ConfigValidationError);
    expect(() => parseConfig(Cfg, { count: 70 })).toThrow('count: Input should be less than 10');
  });
});
