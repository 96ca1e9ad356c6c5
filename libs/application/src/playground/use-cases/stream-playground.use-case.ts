import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, isBuiltinUri } from '@crucible/domain';
import type { Trace } from '@crucible/contracts';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { GetVariantRevisionUseCase } from '../../registry/use-cases/get-variant-revision.use-case';
import { BuiltinWorkflowRunner } from '../../prompts/builtin-workflow-runner';
import { type PlaygroundRunInput, RunPlaygroundUseCase } from './run-playground.use-case';

/** A streamed playground run: text and tool calls as they come, then the output with its trace, or why it failed. */
export type PlaygroundStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  | { type: 'done'; data: unknown; trace: Trace | null }
  | { type: 'error'; detail: string };

/**
 * `POST /variants/{id}/playground/run` with `Accept: text/event-stream` (ARCHITECTURE §16). A prompt app streams (its
 * trace records the time to first token); a service answers whole, as one `done`. A refusal before anything streamed
 * (a variable the inputs lack) is thrown, to be answered 422; `signal` cancels the provider call.
 */
@Injectable()
export class StreamPlaygroundUseCase {
  constructor(
    private readonly getVariant: GetVariantUseCase,
    private readonly getRevision: GetVariantRevisionUseCase,
    private readonly runPlayground: RunPlaygroundUseCase,
    private readonly builtin: BuiltinWorkflowRunner,
  ) {}

  async execute(actor: Actor, input: PlaygroundRunInput, signal: AbortSignal): Promise<AsyncIterable<PlaygroundStreamEvent>> {
    const { base, latest } = await this.getVariant.execute(actor, input.variantId);
    if (!isBuiltinUri(base.url)) return this.whole(actor, input);
    const revision = input.revision === undefined ? latest : await this.getRevision.execute(actor, input.variantId, input.revision);
    const config = { ...revision.parameters, ...(input.config ?? {}) };
    return this.streamed(actor.projectId, base.url, { inputs: input.inputs, config }, signal);
  }

  private async *whole(actor: Actor, input: PlaygroundRunInput): AsyncGenerator<PlaygroundStreamEvent> {
    const { data, trace } = await this.runPlayground.execute(actor, input);
    yield { type: 'done', data, trace };
  }

  private async *streamed(
    projectId: string, uri: string, call: { inputs: Record<string, unknown>; config: Record<string, unknown> }, signal: AbortSignal,
  ): AsyncGenerator<PlaygroundStreamEvent> {
    let streamed = false;
    for await (const event of this.builtin.stream(projectId, uri, call, signal)) {
      if (event.type === 'delta' || event.type === 'tool_call') {
        streamed = true;
        yield event;
      } else if (event.type === 'done') {
        yield { type: 'done', data: event.output, trace: event.trace };
        return;
      } else {
        if (!streamed && event.status === 422 && event.violations?.length) throw DomainError.invalidInput(event.violations);
        yield { type: 'error', detail: event.detail };
        return;
      }
    }
  }
}
