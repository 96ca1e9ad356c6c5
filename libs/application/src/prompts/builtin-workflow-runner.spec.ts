import { DomainError, type PromptParameters, templateParameters } from '@crucible/domain';
import { InMemoryPrompts } from '../testing/in-memory-prompts';
import { InMemoryLlmGateway } from '../providers/testing/in-memory-llm-gateway';
import { LlmGateway, LlmProviderError, type LlmRequest, type LlmResult, type LlmStreamEvent, type EmbedResult } from '../providers/ports';
import { BuiltinWorkflowRunner, type BuiltinStreamEvent } from './builtin-workflow-runner';
import { DispatchingWorkflowInvoker } from './dispatching-workflow-invoker';
import { InProcessWorkflowInvoker } from '../testing/in-process-workflow-invoker';

const PROJECT = 'project-1';
const CHAT = 'crucible:builtin:chat:v1';
const COMPLETION = 'crucible:builtin:completion:v1';

/** A provider that sends some text, then breaks off (or waits for the abort), as a dropped stream does. */
class BreakingGateway extends LlmGateway {
  readonly signals: Array<AbortSignal | undefined> = [];
  constructor(private readonly mode: 'break' | 'hang') {
    super();
  }
  generate(): Promise<LlmResult> {
    throw new Error('not used');
  }
  async *stream(request: LlmRequest): AsyncIterable<LlmStreamEvent> {
    this.signals.push(request.signal);
    yield { type: 'text', delta: 'Hel' };
    if (this.mode === 'break') throw new LlmProviderError(null, "mock via local: the provider's answer broke off before its end");
    await new Promise<void>((_, reject) => {
      const cancelled = () => reject(new LlmProviderError(null, 'mock via local: cancelled by the caller'));
      if (request.signal?.aborted) cancelled();
      request.signal?.addEventListener('abort', cancelled);
    });
  }
  embed(): Promise<EmbedResult> {
    throw new Error('not used');
  }
}

async function collect(events: AsyncIterable<BuiltinStreamEvent>): Promise<BuiltinStreamEvent[]> {
  const all: BuiltinStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('BuiltinWorkflowRunner', () => {
  const prompts = new InMemoryPrompts();
  prompts.directory.add(PROJECT, { id: 'c1', name: 'openai-main', kind: 'openai' });
  const gateway = new InMemoryLlmGateway();
  const runner = new BuiltinWorkflowRunner(gateway, prompts.check);
  const completion: PromptParameters = {
    prompt: { ...templateParameters('completion', 'openai/gpt-4o-mini').prompt, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'MOCK_REPLY: Paris is the capital of {{country}}' }] },
  };

  it('renders the template, calls the model and answers the text with a trace of root and LLM spans', async () => {
    const outcome = await runner.run(PROJECT, COMPLETION, { inputs: { country: 'France' }, config: completion });
    expect(outcome).toMatchObject({ ok: true, output: 'Paris is the capital of France' });
    const request = gateway.requests.at(-1)!;
    expect(request).toMatchObject({ projectId: PROJECT, model: 'openai/gpt-4o-mini', temperature: 0.2, maxTokens: 1024 });
    expect(request.messages).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'MOCK_REPLY: Paris is the capital of France' }]);
    if (!outcome.ok) throw new Error('failed');
    const [root, llm] = outcome.trace!.spans;
    expect(root).toMatchObject({ name: 'completion', kind: 'workflow', parent_span_id: null, status: 'ok', outputs: 'Paris is the capital of France' });
    expect(llm).toMatchObject({ kind: 'llm', parent_span_id: root!.span_id, model: 'openai/gpt-4o-mini', tokens: { completion: 6 }, attributes: { 'gen_ai.provider.name': 'openai' } });
  });

  it('appends a chat app\'s conversation, given as a list or as its JSON text', async () => {
    const chat = templateParameters('chat', 'openai/gpt-4o-mini');
    const conversation = [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }, { role: 'user', content: 'MOCK_REPLY: sure' }];
    for (const messages of [conversation, JSON.stringify(conversation)]) {
      const outcome = await runner.run(PROJECT, CHAT, { inputs: { messages }, config: chat });
      expect(outcome).toMatchObject({ ok: true, output: 'sure' });
      expect(gateway.requests.at(-1)!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    }
  });

  it('refuses a missing variable with a 422 naming it, before any model call', async () => {
    const before = gateway.requests.length;
    const outcome = await runner.run(PROJECT, COMPLETION, { inputs: {}, config: completion });
    expect(outcome).toMatchObject({ ok: false, status: 422, retryable: false, violations: [{ field: ['inputs', 'country'], rule: 'required' }] });
    expect(gateway.requests.length).toBe(before);
  });

  it('refuses an unknown model and a malformed conversation with 422s naming the field', async () => {
    const unknown = { prompt: { ...completion.prompt, llm_config: { model: 'openai/gpt-17' } } };
    expect(await runner.run(PROJECT, COMPLETION, { inputs: { country: 'x' }, config: unknown }))
      .toMatchObject({ ok: false, status: 422, violations: [{ field: ['config', 'prompt', 'llm_config', 'model'] }] });
    expect(await runner.run(PROJECT, CHAT, { inputs: { messages: '[{"role": "robot"}]' }, config: templateParameters('chat', 'openai/gpt-4o-mini') }))
      .toMatchObject({ ok: false, status: 422, violations: [{ field: ['inputs', 'messages', 0, 'role'] }] });
  });

  it('streams deltas in order, then done with the output and a trace with time to first token', async () => {
    const events = await collect(runner.stream(PROJECT, COMPLETION, { inputs: { country: 'Peru' }, config: completion }, new AbortController().signal));
    const deltas = events.filter((event) => event.type === 'delta').map((event) => (event as { text: string }).text);
    expect(deltas.join('')).toBe('Paris is the capital of Peru');
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', output: 'Paris is the capital of Peru' });
    if (done.type !== 'done') throw new Error('no done');
    expect(done.trace.spans[1]!.attributes).toMatchObject({ time_to_first_token_ms: expect.any(Number) });
  });

  it('ends a stream the provider breaks off with one error event and a trace marked error', async () => {
    const breaking = new BuiltinWorkflowRunner(new BreakingGateway('break'), prompts.check);
    const events = await collect(breaking.stream(PROJECT, COMPLETION, { inputs: { country: 'Chile' }, config: completion }, new AbortController().signal));
    expect(events.map((event) => event.type)).toEqual(['delta', 'error']);
    const error = events[1]!;
    if (error.type !== 'error') throw new Error('no error');
    expect(error.detail).toMatch(/broke off/);
    expect(error.trace?.spans.map((span) => span.status)).toEqual(['error', 'error']);
  });

  it('passes the abort signal to the provider call: aborting ends the stream', async () => {
    const hanging = new BreakingGateway('hang');
    const abort = new AbortController();
    const events: BuiltinStreamEvent[] = [];
    for await (const event of new BuiltinWorkflowRunner(hanging, prompts.check).stream(PROJECT, COMPLETION, { inputs: { country: 'Chile' }, config: completion }, abort.signal)) {
      events.push(event);
      if (event.type === 'delta') abort.abort();
    }
    expect(hanging.signals[0]).toBe(abort.signal);
    expect(events.at(-1)).toMatchObject({ type: 'error', retryable: false, detail: expect.stringMatching(/cancelled/) });
  });

  it('is what the invoker calls for a crucible:builtin: uri, and services keep going over their invoker', async () => {
    const services = new InProcessWorkflowInvoker();
    const invoker = new DispatchingWorkflowInvoker(runner, services);
    expect(await invoker.invoke(COMPLETION, { inputs: { country: 'Italy' }, config: completion, projectId: PROJECT }))
      .toMatchObject({ ok: true, output: 'Paris is the capital of Italy' });
    expect(await invoker.invoke(COMPLETION, { inputs: { country: 'Italy' }, config: completion }))
      .toMatchObject({ ok: false, retryable: false });
  });

  it('checks saved parameters: tools and response schemas must be JSON Schema, jinja2 must stay within its variables', async () => {
    const at = (parameters: unknown) => prompts.check.check(PROJECT, parameters, ['parameters']).catch((error: DomainError) => error.violations.map((v) => v.field.join('.')));
    const llm = completion.prompt.llm_config;
    expect(await at({ prompt: { ...completion.prompt, llm_config: { ...llm, tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'text' } } } } }] } } }))
      .toEqual(['parameters.prompt.llm_config.tools.0.function.parameters']);
    expect(await at({ prompt: { ...completion.prompt, llm_config: { ...llm, response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object', required: 'a' } } } } } }))
      .toEqual(['parameters.prompt.llm_config.response_format.json_schema.schema']);
    expect(await at({ prompt: { ...completion.prompt, template_format: 'jinja2', messages: [{ role: 'user', content: '{{ range.constructor("return process")() }}' }] } }))
      .toEqual(['parameters.prompt.messages.0.content']);
    expect(await at({ prompt: { ...completion.prompt, llm_config: { ...llm, model: 'anthropic/claude-3-5-haiku-latest' } } }))
      .toEqual(['parameters.prompt.llm_config.model']);
    const saved = await prompts.check.check(PROJECT, { prompt: { ...completion.prompt, input_keys: ['stale'] } }, ['parameters']);
    expect(saved.parameters.prompt.input_keys).toEqual(['country']);
  });
});
