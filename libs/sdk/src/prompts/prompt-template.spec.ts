import { PromptCompileError, type PromptParameters, compileMessages } from './prompt-template';

const prompt = (format: PromptParameters['prompt']['template_format'], system: string, user: string): PromptParameters => ({
  prompt: { messages: [{ role: 'system', content: system }, { role: 'user', content: user }], template_format: format },
});

describe('compiling a prompt', () => {
  it('renders curly variables (spaces allowed) and leaves single braces alone', () => {
    const messages = compileMessages(prompt('curly', 'You answer in {{ language }}.', 'Q: {{question}} {json}'), { language: 'French', question: 'why?' });
    expect(messages).toEqual([{ role: 'system', content: 'You answer in French.' }, { role: 'user', content: 'Q: why? {json}' }]);
  });

  it('defaults to curly and writes non-string inputs as JSON', () => {
    const parameters: PromptParameters = { prompt: { messages: [{ role: 'user', content: 'Rows: {{rows}}' }] } };
    expect(compileMessages(parameters, { rows: [1, 2] })[0]!.content).toBe('Rows: [1,2]');
  });

  it('renders fstring variables with doubled braces as literal ones', () => {
    const messages = compileMessages(prompt('fstring', 'Answer as {{"answer": ...}}', 'Q: {question}'), { question: 'why?' });
    expect(messages.map((m) => m.content)).toEqual(['Answer as {"answer": ...}', 'Q: why?']);
  });

  it('appends the conversation so far for chat apps', () => {
    const conversation = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }];
    const messages = compileMessages(prompt('curly', 'Be kind.', 'Context: {{context}}'), { context: 'none', messages: conversation });
    expect(messages.slice(2)).toEqual(conversation);
  });

  it('names the variable the inputs lack, and the message that uses it', () => {
    expect(() => compileMessages(prompt('curly', 'ok', 'Q: {{question}}'), {})).toThrow(new PromptCompileError('the user message uses the variable "question", which the inputs lack'));
    expect(() => compileMessages(prompt('fstring', 'In {lang}', 'x'), {})).toThrow(/system message uses the variable "lang"/);
  });

  it('refuses jinja2, which Crucible renders, pointing at the gateway', () => {
    expect(() => compileMessages(prompt('jinja2', '{{ x }}', 'y'), { x: 1 })).toThrow(/gateway/);
  });
});
