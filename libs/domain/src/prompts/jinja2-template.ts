import * as nunjucks from 'nunjucks';

/** Nunjucks' parse tree, as far as the checks below read it. */
interface TemplateNode {
  typename: string;
  fields: string[];
  value?: unknown;
  [field: string]: unknown;
}

const nunjucksParser = (nunjucks as unknown as { parser: { parse(source: string): TemplateNode } }).parser;

/** What a prompt may contain: output, variables, lookups, control flow and operators; nothing that calls, imports or defines. */
const ALLOWED_NODES = new Set([
  'Root', 'NodeList', 'Output', 'TemplateData', 'Symbol', 'LookupVal', 'Literal', 'Group', 'Array', 'Dict', 'Pair', 'InlineIf',
  'If', 'For', 'Set', 'Filter', 'Compare', 'CompareOperand', 'And', 'Or', 'Not', 'Add', 'Sub', 'Mul', 'Div', 'FloorDiv', 'Mod',
  'Pow', 'Neg', 'Pos', 'Concat', 'In', 'Is', 'Capture', 'Switch', 'Case', 'KeywordArgs',
]);

/** Nunjucks' built-in filters that only transform values (no callbacks, no lookups of code). */
const SAFE_FILTERS = new Set([
  'abs', 'batch', 'capitalize', 'center', 'default', 'd', 'dictsort', 'dump', 'escape', 'e', 'first', 'float', 'groupby', 'indent',
  'int', 'join', 'last', 'length', 'list', 'lower', 'nl2br', 'reject', 'rejectattr', 'replace', 'reverse', 'round', 'select',
  'selectattr', 'slice', 'sort', 'string', 'striptags', 'sum', 'title', 'trim', 'truncate', 'upper', 'urlencode', 'wordcount',
]);

/** Names that reach JavaScript's machinery instead of a variable's data: the way out of every known nunjucks SSTI. */
const FORBIDDEN_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype', 'range', 'cycler', 'joiner']);

export class Jinja2TemplateError extends Error {}

interface Walk {
  variables: Set<string>;
  /** Used only where a missing value is expected (`x is defined`, `x | default(...)`). */
  optional: Set<string>;
  bound: Set<string>;
}

/**
 * Parses a jinja2 prompt and proves it reaches nothing but its variables (nunjucks is not a sandbox). Answers the
 * variables it reads, those it needs and those it only tests; throws Jinja2TemplateError saying what is refused.
 */
export function checkJinja2(source: string): { variables: string[]; required: string[] } {
  let root: TemplateNode;
  try {
    root = nunjucksParser.parse(source);
  } catch (error) {
    throw new Jinja2TemplateError(`does not parse: ${firstLine((error as Error).message)}`);
  }
  const walk: Walk = { variables: new Set(), optional: new Set(), bound: new Set(['loop']) };
  visit(root, walk, false);
  const variables = [...walk.variables].filter((name) => !walk.bound.has(name));
  return { variables, required: variables.filter((name) => !walk.optional.has(name)) };
}

function visit(node: TemplateNode, walk: Walk, optional: boolean): void {
  if (!ALLOWED_NODES.has(node.typename)) throw new Jinja2TemplateError(`'${describe(node.typename)}' is not allowed in a prompt`);
  switch (node.typename) {
    case 'Symbol':
      return symbol(String(node.value), walk, optional);
    case 'LookupVal': {
      const key = node['val'] as TemplateNode;
      if (key.typename === 'Literal' && FORBIDDEN_NAMES.has(String(key.value))) {
        throw new Jinja2TemplateError(`'${String(key.value)}' cannot be looked up in a prompt`);
      }
      visit(node['target'] as TemplateNode, walk, optional);
      return visit(key, walk, false);
    }
    case 'Filter': {
      const name = String((node['name'] as TemplateNode).value);
      if (!SAFE_FILTERS.has(name)) throw new Jinja2TemplateError(`the filter '${name}' is not allowed in a prompt`);
      const args = ((node['args'] as TemplateNode)['children'] as TemplateNode[]) ?? [];
      args.forEach((arg, index) => visit(arg, walk, index === 0 && (name === 'default' || name === 'd')));
      return;
    }
    case 'Is':
      // `x is defined`: the right side names a test, not a variable.
      return visit(node['left'] as TemplateNode, walk, true);
    case 'For':
      bind(node['name'] as TemplateNode, walk);
      break;
    case 'Set':
      for (const target of node['targets'] as TemplateNode[]) bind(target, walk);
      break;
  }
  for (const field of node.fields) {
    if (node.typename === 'For' && field === 'name') continue;
    if (node.typename === 'Set' && field === 'targets') continue;
    const child = node[field];
    for (const item of Array.isArray(child) ? child : [child]) {
      if (isNode(item)) visit(item, walk, false);
    }
  }
}

function symbol(name: string, walk: Walk, optional: boolean): void {
  if (FORBIDDEN_NAMES.has(name)) throw new Jinja2TemplateError(`'${name}' is not a variable a prompt may use`);
  walk.variables.add(name);
  if (optional) walk.optional.add(name);
}

function bind(target: TemplateNode, walk: Walk): void {
  const names = target.typename === 'Array' ? (target['children'] as TemplateNode[]) : [target];
  for (const name of names) {
    if (FORBIDDEN_NAMES.has(String(name.value))) throw new Jinja2TemplateError(`'${String(name.value)}' cannot be assigned in a prompt`);
    walk.bound.add(String(name.value));
  }
}

const isNode = (value: unknown): value is TemplateNode =>
  typeof value === 'object' && value !== null && typeof (value as TemplateNode).typename === 'string';

const NODE_WORDS: Record<string, string> = {
  FunCall: 'a function call', Macro: 'macro', Caller: 'call', Import: 'import', FromImport: 'from … import', Include: 'include',
  Extends: 'extends', Block: 'block', Super: 'super()', CallExtension: 'an extension tag', CallExtensionAsync: 'an extension tag',
  FilterAsync: 'an async filter', AsyncEach: 'asyncEach', AsyncAll: 'asyncAll', IfAsync: 'ifAsync',
};
const describe = (typename: string): string => NODE_WORDS[typename] ?? typename;
const firstLine = (text: string): string => text.split('\n').map((line) => line.trim()).filter(Boolean).slice(-1)[0] ?? text;

/** No loaders, no autoescape (a prompt is not HTML); only ever given templates `checkJinja2` accepted. */
const environment = new nunjucks.Environment([], { autoescape: false });

export function renderJinja2(source: string, variables: Record<string, unknown>): string {
  checkJinja2(source);
  // A context without a prototype: a variable name can only ever find a variable.
  const context = Object.assign(Object.create(null) as Record<string, unknown>, variables);
  try {
    return environment.renderString(source, context);
  } catch (error) {
    throw new Jinja2TemplateError(`failed to render: ${firstLine((error as Error).message)}`);
  }
}
