import { supportedLlmModels } from '../assets';
import { createService, describeSchema, Field, MCField, SchemaDefinitionError } from '../index';

class GoodConfig {
  @Field({ default: 'Summarize: {text}' }) prompt!: string;
  @Field({ default: 0.7, ge: 0, le: 2 }) temperature!: number;
  @Field({ default: 256, ge: 1, le: 4000, type: 'int' }) max_tokens!: number;
  @Field({ default: 0.5, gt: 0, lt: 1 }) top_p!: number;
  @Field({ default: false }) stream!: boolean;
  @MCField({ default: 'gpt-4o-mini', choices: supportedLlmModels }) model!: string;
  @MCField({ default: 'short', choices: ['short', 'long'] }) length!: string;
}

function declareWith(schema: new () => object): () => unknown {
  return () => createService().route('/x', schema)(async () => 'ok');
}

describe('config schema definition', () => {
  it('describes every field kind with its default and constraints', () => {
    const description = describeSchema(GoodConfig);
    expect(description.name).toBe('GoodConfig');
    expect(description.fields).toEqual([
      expect.objectContaining({ name: 'prompt', kind: 'str', default: 'Summarize: {text}' }),
      expect.objectContaining({ name: 'temperature', kind: 'float', default: 0.7, ge: 0, le: 2 }),
      expect.objectContaining({ name: 'max_tokens', kind: 'int', default: 256, ge: 1, le: 4000 }),
      expect.objectContaining({ name: 'top_p', kind: 'float', gt: 0, lt: 1 }),
      expect.objectContaining({ name: 'stream', kind: 'bool', default: false }),
      expect.objectContaining({ name: 'model', kind: 'grouped_choice', default: 'gpt-4o-mini' }),
      expect.objectContaining({ name: 'length', kind: 'choice', choices: ['short', 'long'] }),
    ]);
  });

  it('treats a number as float unless type int is given, even with an integer default', () => {
    class Numbers {
      @Field({ default: 1 }) scale!: number;
      @Field({ default: 3, type: 'int' }) count!: number;
    }
    expect(describeSchema(Numbers).fields.map((field) => field.kind)).toEqual(['float', 'int']);
  });

  it('inherits fields from a parent schema', () => {
    class Base {
      @Field({ default: 'a' }) first!: string;
    }
    class Child extends Base {
      @Field({ default: true }) second!: boolean;
    }
    expect(describeSchema(Child).fields.map((field) => field.name)).toEqual(['first', 'second']);
    expect(describeSchema(Base).fields.map((field) => field.name)).toEqual(['first']);
  });

  const broken: [string, () => new () => object, RegExp][] = [
    ['no default', () => { class NoDefault { @Field({} as never) a!: string; } return NoDefault; }, /NoDefault\.a: every field needs a default/],
    ['unsupported type', () => { class Listy { @Field({ default: [] as never }) a!: string[]; } return Listy; }, /Listy\.a: unsupported type Array/],
    ['union type', () => { class Union { @Field({ default: 'x' }) a!: string | number; } return Union; }, /Union\.a: unsupported type Object/],
    ['default of the wrong type', () => { class WrongDefault { @Field({ default: 'high' }) a!: number; } return WrongDefault; }, /WrongDefault\.a: default "high" is not a float/],
    ['int default not an integer', () => { class IntDefault { @Field({ default: 1.5, type: 'int' }) a!: number; } return IntDefault; }, /IntDefault\.a: default 1\.5 of an int field is not an integer/],
    ['default below ge', () => { class Below { @Field({ default: -1, ge: 0 }) a!: number; } return Below; }, /Below\.a: default -1 is out of bounds: it should be greater than or equal to 0/],
    ['default above le', () => { class Above { @Field({ default: 3, le: 2 }) a!: number; } return Above; }, /Above\.a: default 3 is out of bounds/],
    ['default equal to gt', () => { class AtGt { @Field({ default: 0, gt: 0 }) a!: number; } return AtGt; }, /AtGt\.a: .*greater than 0/],
    ['ge above le', () => { class Inverted { @Field({ default: 1, ge: 5, le: 2 }) a!: number; } return Inverted; }, /Inverted\.a: lower bound ge=5 is above upper bound le=2/],
    ['gt equal to lt', () => { class Empty { @Field({ default: 1, gt: 1, lt: 1 }) a!: number; } return Empty; }, /Empty\.a: lower bound gt=1 is above upper bound lt=1/],
    ['ge and gt together', () => { class Both { @Field({ default: 1, ge: 0, gt: 0 }) a!: number; } return Both; }, /Both\.a: give either ge or gt/],
    ['bounds on a string', () => { class StrBound { @Field({ default: 'x', ge: 0 }) a!: string; } return StrBound; }, /StrBound\.a: ge only apply to int and float fields/],
    ['type contradicting the property', () => { class Contradiction { @Field({ default: 'x', type: 'int' }) a!: string; } return Contradiction; }, /Contradiction\.a: type 'int' does not match the property type String/],
    ['choice default not among choices', () => { class BadChoice { @MCField({ default: 'c', choices: ['a', 'b'] }) a!: string; } return BadChoice; }, /BadChoice\.a: default "c" is not among the choices/],
    ['grouped default not among choices', () => { class BadGroup { @MCField({ default: 'gpt-5-ultra', choices: supportedLlmModels }) a!: string; } return BadGroup; }, /BadGroup\.a: default "gpt-5-ultra" is not among the choices/],
    ['empty choices', () => { class NoChoices { @MCField({ default: 'a', choices: [] }) a!: string; } return NoChoices; }, /NoChoices\.a: choices must be a non-empty list/],
    ['empty group', () => { class EmptyGroup { @MCField({ default: 'a', choices: { G: ['a'], H: [] } }) a!: string; } return EmptyGroup; }, /EmptyGroup\.a: choices group "H" must be a non-empty list/],
    ['MCField on a number', () => { class NumChoice { @MCField({ default: 'a', choices: ['a'] }) a!: number; } return NumChoice; }, /NumChoice\.a: MCField must be a string property, not Number/],
  ];

  it.each(broken)('rejects %s when the route is declared, naming class and field', (_label, make, message) => {
    const schema = make();
    expect(declareWith(schema)).toThrow(SchemaDefinitionError);
    expect(declareWith(schema)).toThrow(message);
  });

  it('rejects a schema that is not a class', () => {
    expect(() => createService().route('/x', 'nope' as never)).toThrow(/must be a class/);
  });
});
