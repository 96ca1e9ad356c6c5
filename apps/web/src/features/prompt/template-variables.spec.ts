import { promptVariables, splitTemplate, templateVariables } from './template-variables';

describe('template variables', () => {
  it('finds {{curly}} variables once each, in order, spaces allowed', () => {
    expect(templateVariables('Capital of {{ country }}? Answer in {{language}}, not {{country}}.', 'curly')).toEqual(['country', 'language']);
    expect(templateVariables('No {single} braces here', 'curly')).toEqual([]);
  });

  it('finds {fstring} variables and leaves escaped {{braces}} alone', () => {
    expect(templateVariables('Hello {name}, {{literal}} and {topic}', 'fstring')).toEqual(['name', 'topic']);
  });

  it('finds jinja2 variables, not the names a loop binds or its literals', () => {
    const text = '{% for item in items %}{{ item.name | upper }}{% endfor %}{% if strict %}{{ tone }}{% endif %}{{ true }}';
    expect(templateVariables(text, 'jinja2')).toEqual(['items', 'strict', 'tone']);
  });

  it('splits a text into plain runs and references, keeping the text whole', () => {
    const parts = splitTemplate('Hi {{name}}!', 'curly');
    expect(parts).toEqual([{ text: 'Hi ' }, { text: '{{name}}', variable: 'name' }, { text: '!' }]);
    expect(parts.map((part) => part.text).join('')).toBe('Hi {{name}}!');
  });

  it('lists the inputs of every message of a prompt', () => {
    expect(promptVariables([{ role: 'system', content: 'You speak {{language}}.' }, { role: 'user', content: '{{input}} in {{language}}' }], 'curly'))
      .toEqual(['language', 'input']);
  });
});
