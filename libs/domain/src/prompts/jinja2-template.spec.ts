import * as nunjucks from 'nunjucks';
import { Jinja2TemplateError, checkJinja2, renderJinja2 } from './jinja2-template';

/** Known nunjucks server-side template injections: each reaches Node through a constructor, a global or a call. */
const SSTI_PAYLOADS = [
  '{{ range.constructor("return global.process.mainModule.require(\'child_process\').execSync(\'id\')")() }}',
  '{{ range.constructor("return process")() }}',
  '{{ cycler.constructor("return this")() }}',
  '{{ joiner.constructor("return process.env")() }}',
  '{{ "".constructor.constructor("return process")() }}',
  '{{ name["constructor"]["constructor"]("return 1")() }}',
  '{{ name.__proto__ }}',
  '{{ constructor }}',
  '{{ toString }}',
  '{{ name.prototype }}',
  '{% set x = name.constructor %}{{ x }}',
  '{{ name.toUpperCase() }}',
  '{% include "/etc/passwd" %}',
  '{% extends "base.html" %}',
  '{% import "macros.html" as m %}',
  '{% from "m.html" import x %}',
  '{% macro m() %}x{% endmacro %}{{ m() }}',
  '{{ name | safe | eval }}',
  '{% for constructor in items %}{% endfor %}',
];

describe('jinja2 prompts', () => {
  it('guards against a real threat: plain nunjucks runs code from a template', () => {
    const plain = new nunjucks.Environment([], { autoescape: false });
    expect(plain.renderString('{{ range.constructor("return 6 * 7")() }}', {})).toBe('42');
    expect(plain.renderString('{{ "".constructor.constructor("return typeof process")() }}', {})).toBe('object');
  });

  it.each(SSTI_PAYLOADS)('refuses %s before it could run', (payload) => {
    expect(() => checkJinja2(payload)).toThrow(Jinja2TemplateError);
    expect(() => renderJinja2(payload, { name: 'x', items: [] })).toThrow(Jinja2TemplateError);
  });

  it('renders variables, loops, conditions and safe filters', () => {
    const source = '{% for m in history %}{{ loop.index }}.{{ m.role | upper }}: {{ m.content }}\n{% endfor %}'
      + '{% if tone is defined %}Tone: {{ tone }}{% else %}{{ topic | default("none") | title }}{% endif %}';
    expect(renderJinja2(source, { history: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] }))
      .toBe('1.USER: hi\n2.ASSISTANT: hello\nNone');
  });

  it('reports the variables it reads and which it needs', () => {
    const source = '{% set greeting = "Hi" %}{{ greeting }} {{ user.name }}{% for item in items %}{{ item }}{% endfor %}{{ tone | default("calm") }}{% if extra is defined %}{% endif %}';
    const { variables, required } = checkJinja2(source);
    expect(new Set(variables)).toEqual(new Set(['user', 'items', 'tone', 'extra']));
    expect(new Set(required)).toEqual(new Set(['user', 'items']));
  });

  it('says where a template does not parse', () => {
    expect(() => checkJinja2('{{ name ')).toThrow(/does not parse: .*expected variable end/);
    expect(() => checkJinja2('{% for x in %}')).toThrow(/does not parse/);
  });

  it('prints an input holding a hostile string as text, never evaluates it', () => {
    expect(renderJinja2('{{ q }}', { q: '{{ range.constructor("return process")() }}' })).toBe('{{ range.constructor("return process")() }}');
  });
});
