import { DomainError } from '../shared/domain-error';
import { inputKeysOf, renderPromptMessages } from './render-prompt';
import { jsonSchemaProblem } from './json-schema-shape';

describe('prompt rendering', () => {
  it('fills curly {{var}} variables, JSON for what is not text', () => {
    const messages = renderPromptMessages({
      template_format: 'curly',
      messages: [{ role: 'system', content: 'Answer in {{ language }}.' }, { role: 'user', content: '{{question}} {{data}} {not_a_var}' }],
    }, { language: 'French', question: 'Why?', data: { a: 1 } });
    expect(messages).toEqual([{ role: 'system', content: 'Answer in French.' }, { role: 'user', content: 'Why? {"a":1} {not_a_var}' }]);
  });

  it('fills fstring {var} variables and keeps doubled braces as braces', () => {
    const [message] = renderPromptMessages({ template_format: 'fstring', messages: [{ role: 'user', content: 'Say {word} as {{"json": {word}}}' }] }, { word: 'hi' });
    expect(message!.content).toBe('Say hi as {"json": hi}');
  });

  it('derives input_keys in order of first use, for each format', () => {
    expect(inputKeysOf({ template_format: 'curly', messages: [{ role: 'system', content: '{{a}} {{b}}' }, { role: 'user', content: '{{b}} {{c}}' }] })).toEqual(['a', 'b', 'c']);
    expect(inputKeysOf({ template_format: 'fstring', messages: [{ role: 'user', content: '{x} {{y}}' }] })).toEqual(['x']);
    expect(inputKeysOf({ template_format: 'jinja2', messages: [{ role: 'user', content: '{% for i in items %}{{ i }}{% endfor %}{{ topic }}' }] })).toEqual(['items', 'topic']);
  });

  it('names a variable the inputs lack, and the message that uses it', () => {
    const render = () => renderPromptMessages({ template_format: 'curly', messages: [{ role: 'user', content: '{{country}} and {{city}}' }] }, { city: 'Paris' });
    expect(render).toThrow(DomainError);
    try {
      render();
    } catch (error) {
      expect((error as DomainError).code).toBe('invalid_input');
      expect((error as DomainError).violations).toEqual([{ field: ['inputs', 'country'], reason: expect.stringContaining("'country'"), rule: 'required' }]);
    }
  });

  it('tells a JSON Schema from what is not one', () => {
    expect(jsonSchemaProblem({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] })).toBeNull();
    expect(jsonSchemaProblem({ type: 'object', properties: { city: { type: 'text' } } })).toMatch(/properties\.city\.type must be one of/);
    expect(jsonSchemaProblem('string')).toMatch(/must be an object/);
    expect(jsonSchemaProblem({ type: 'object', required: 'city' })).toMatch(/required must be a list/);
    expect(jsonSchemaProblem({ anyOf: [] })).toMatch(/anyOf must be a non-empty list/);
  });
});
