import { readVerdict, verdictSchema } from './judge-verdict';

describe('readVerdict', () => {
  const scale = { min: 1, max: 5 };

  it('takes a score in range and its reasoning', () => {
    expect(readVerdict({ score: 4.5, reasoning: 'mostly right' }, scale)).toEqual({ score: 4.5, reasoning: 'mostly right' });
    expect(readVerdict({ score: 1, reasoning: '' }, scale)).toEqual({ score: 1, reasoning: '' });
  });

  it('refuses, saying why, what is off the schema', () => {
    expect(() => readVerdict({ score: 0, reasoning: 'x' }, scale)).toThrow('The judge answered outside the schema (score 0 is outside 1 to 5): {"score":0,"reasoning":"x"}');
    expect(() => readVerdict({ score: '4', reasoning: 'x' }, scale)).toThrow(/score is not a number/);
    expect(() => readVerdict({ score: 4 }, scale)).toThrow(/reasoning is not a string/);
    expect(() => readVerdict('4', scale)).toThrow(/not a JSON object/);
    expect(() => readVerdict(undefined, scale)).toThrow(/not a JSON object/);
  });

  it('asks for exactly that shape', () => {
    expect(verdictSchema(scale)).toMatchObject({
      type: 'object', required: ['reasoning', 'score'], additionalProperties: false,
      properties: { score: { type: 'number', minimum: 1, maximum: 5 }, reasoning: { type: 'string' } },
    });
  });
});
