import type { EvaluatorConfig } from '@crucible/domain';
import { CheckEvaluatorPrerequisitesUseCase } from '@crucible/application';
import {
  InMemoryCodeSandbox, InMemoryLlmGateway, InMemoryProviderConnectionDirectory, InMemoryWebhookClient,
} from '@crucible/application/testing';
import { BuiltinEvaluatorService } from '../builtin-evaluator.service';

describe('evaluator prerequisites at evaluation creation (the real catalog)', () => {
  const projectId = 'p1';
  const connections = new InMemoryProviderConnectionDirectory();
  connections.add(projectId, { id: 'c-claude', name: 'claude', kind: 'anthropic' });
  const check = new CheckEvaluatorPrerequisitesUseCase(
    new BuiltinEvaluatorService(new InMemoryLlmGateway(), new InMemoryWebhookClient(), new InMemoryCodeSandbox()), connections,
  );
  const config = (name: string, evaluatorKey: string, settingsValues: Record<string, unknown>): EvaluatorConfig => ({
    id: `id-${name}`, projectId, appId: null, name, evaluatorKey, settingsValues, createdAt: new Date(), updatedAt: new Date(),
  });
  const claude = { model: 'anthropic/claude-3-5-haiku-latest' };
  const testset = { name: 'capitals', columns: ['question', 'answer', 'docs'] };
  const refusal = (configs: EvaluatorConfig[], correctAnswerColumn?: string) =>
    check.execute(projectId, { configs, testset, correctAnswerColumn }).then(() => null, (error: { code: string; violations: Array<{ reason: string }> }) => {
      expect(error.code).toBe('invalid_input');
      return error.violations.map((v) => v.reason);
    });

  it('passes judges whose columns and connections exist', async () => {
    expect(await refusal([
      config('right', 'auto_ai_critique', { preset: 'correctness', ...claude }),
      config('rag', 'rag_faithfulness', { contexts_column: 'docs', question_column: 'question', connection_id: 'c-claude', model: 'x/y' }),
    ], 'answer')).toBeNull();
  });

  it("names the config, the column and the test set when a preset's column is missing", async () => {
    expect(await refusal([config('right', 'auto_ai_critique', { preset: 'correctness', ...claude })])).toEqual([
      "evaluator config 'right' reads the column 'correct_answer' (the correctness preset (the expected answer)), which test set 'capitals' does not have; its columns: question, answer, docs",
    ]);
    expect(await refusal([config('rag', 'rag_context_relevance', { contexts_column: 'passages', ...claude })])).toEqual([
      expect.stringMatching(/^evaluator config 'rag' reads the column 'passages' \(contexts_column\)/),
    ]);
  });

  it('names the judge model or connection no connection serves', async () => {
    expect(await refusal([config('gpt', 'auto_ai_critique', { preset: 'safety', model: 'openai/gpt-4o' })])).toEqual([
      "evaluator config 'gpt': the judge model 'openai/gpt-4o' needs a connection of provider 'openai', and this project has none",
    ]);
    expect(await refusal([config('bare', 'rag_answer_relevance', {})])).toEqual([
      expect.stringMatching(/judge model 'gpt-4o-mini' names no provider and no connection, and the OPENAI_\* fallback connection is not configured/),
    ]);
    expect(await refusal([config('gone', 'auto_ai_critique', { preset: 'safety', connection_id: 'c-deleted', ...claude })])).toEqual([
      "evaluator config 'gone': its judge connection 'c-deleted' does not exist in this project",
    ]);
  });

  it('leaves the template judge (configs from before presets) and other evaluators as they were', async () => {
    expect(await refusal([
      config('legacy', 'auto_ai_critique', { prompt_template: 'Grade {prediction} against {ground_truth}' }),
      config('exact', 'auto_exact_match', {}),
    ])).toBeNull();
  });
});
