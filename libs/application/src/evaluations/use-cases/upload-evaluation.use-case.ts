import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import {
  type Actor, type Evaluation, type EvaluationScenario, type EvaluatorConfig, type EvaluatorOutcome, type InputViolation,
  type ResultError, type TestsetRow, DomainError, boolResult, errorResult, evaluatorConfigNameProblem, groundTruthColumnOf, numberResult,
  tallyScenarios,
} from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { finishedStatusOf } from '../finished-status';
import { EvaluatorConfigRepository, EvaluatorService } from '../../evaluators/ports';
import { VariantRepository } from '../../registry/ports';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { TestsetRepository } from '../../testsets/ports';
import { pinRevisions } from '../../runs/pin-revisions';
import { workflowInputs } from '../../runs/invoke-with-retries';

/** What a test process scored one row with, by the name of its own evaluator: a number, a bool, or why it failed. */
export type UploadedScore = number | boolean | { error: string };

/** One test-set row as the test process ran it. */
export interface UploadedScenario {
  rowIndex: number;
  /** 1-based: which run of the row. */
  repetition: number;
  output: unknown;
  scores: Record<string, UploadedScore>;
  /** Seconds. */
  latency: number | null;
  cost: number | null;
  /** The task threw: the row failed, as a row whose invocation failed in a run. */
  error: ResultError | null;
}

export interface UploadEvaluationInput {
  appId: string;
  /** The variant the task stands for; absent: the app's only variant. Its latest revision is pinned. */
  variantId?: string;
  testsetId: string;
  /** Evaluator configs Crucible runs on each uploaded output, as it would in a run. */
  evaluatorConfigIds: string[];
  scenarios: UploadedScenario[];
  correctAnswerColumn?: string;
}

/** Evaluators Crucible runs on rows at once: an LLM judge waits on its provider, so some run side by side. */
const ROWS_JUDGED_AT_ONCE = 8;

/**
 * The config of an evaluator that ran in the test process: never stored as a config, only in the evaluations that
 * used it. Its id follows from the app and the name, so the same name is the same metric in every upload of the
 * app, and §11 compares it across them.
 */
export function sdkEvaluatorConfig(projectId: string, appId: string, name: string, now: Date): EvaluatorConfig {
  const hex = createHash('sha256').update(`crucible-sdk-evaluator\n${appId}\n${name}`).digest('hex');
  // Shaped as a name-based (version 5) UUID, as every id on the wire is a UUID.
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return { id, projectId, appId, name, evaluatorKey: 'sdk', settingsValues: {}, createdAt: now, updatedAt: now };
}

/**
 * An evaluation whose rows a test process produced (the SDK's `evaluate()`): checked against the test set, scored
 * by the configs Crucible runs, and stored finished, `source: sdk`, so it lists, opens and compares as any other.
 */
@Injectable()
export class UploadEvaluationUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly configs: EvaluatorConfigRepository,
    private readonly evaluators: EvaluatorService,
    private readonly variants: VariantRepository,
    private readonly testsets: TestsetRepository,
    private readonly getApp: GetAppUseCase,
    private readonly getVariant: GetVariantUseCase,
  ) {}

  async execute(actor: Actor, input: UploadEvaluationInput): Promise<Evaluation> {
    const app = await this.getApp.execute(actor, input.appId);
    const testset = await this.testsets.findById(actor.projectId, input.testsetId);
    if (!testset) throw DomainError.notFound('testset', input.testsetId);
    checkRows(input.scenarios, testset.rows.length, testset.name);
    const now = new Date();
    const serverConfigs = await this.serverConfigs(actor, app.id, input.evaluatorConfigIds);
    const localNames = localEvaluatorNames(input.scenarios);
    const taken = serverConfigs.find((config) => localNames.includes(config.name));
    if (taken) {
      throw DomainError.invalidInput([{
        field: ['evaluators_configs'], reason: `evaluator config ${taken.id} is named "${taken.name}", as one of the scores; rename one`, rule: 'invalid_value',
      }]);
    }
    const localConfigs = localNames.map((name) => sdkEvaluatorConfig(actor.projectId, app.id, name, now));
    const [pinned] = await pinRevisions(this.variants, actor.projectId, app.id, [await this.revisionId(actor, app.id, input.variantId)]);

    const evaluation: Evaluation = {
      ...pinned!, id: randomUUID(), projectId: actor.projectId, appId: app.id, testsetId: testset.id, testsetName: testset.name,
      testsetVersion: testset.version,
      evaluatorConfigs: [...serverConfigs, ...localConfigs], correctAnswerColumn: input.correctAnswerColumn ?? null,
      rateLimit: { batchSize: 1, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 },
      repetitions: Math.max(...input.scenarios.map((scenario) => scenario.repetition)), source: 'sdk',
      status: 'EVALUATION_STARTED', statusError: null, progressDone: 0, progressTotal: input.scenarios.length, progressFailedRows: 0,
      progressEvaluatorErrors: 0, aggregatedResults: [], averageCost: null, totalCost: null, averageLatency: null, createdAt: now, updatedAt: now,
    };
    const scenarios = await this.scenariosOf(evaluation, input.scenarios, testset.rows, serverConfigs, localConfigs);
    const configIds = evaluation.evaluatorConfigs.map((config) => config.id);
    const tally = tallyScenarios(configIds, scenarios);
    const finished = finishedStatusOf(configIds, tally);
    const stored: Evaluation = {
      ...evaluation, status: finished.to, statusError: finished.error ?? null, progressDone: scenarios.length,
      progressFailedRows: tally.failedRows, progressEvaluatorErrors: tally.evaluatorErrors,
      ...(finished.aggregates ? {
        aggregatedResults: finished.aggregates.aggregatedResults, averageCost: finished.aggregates.averageCost,
        totalCost: finished.aggregates.totalCost, averageLatency: finished.aggregates.averageLatency,
      } : {}),
    };
    await this.evaluations.createWithScenarios(stored, scenarios);
    return stored;
  }

  private async serverConfigs(actor: Actor, appId: string, ids: string[]): Promise<EvaluatorConfig[]> {
    const unique = [...new Set(ids)];
    const found = await this.configs.findByIds(actor.projectId, unique);
    const missing = unique.find((id) => !found.some((config) => config.id === id));
    if (missing) throw DomainError.notFound('evaluator config', missing);
    const foreign = found.find((config) => config.appId !== null && config.appId !== appId);
    if (foreign) throw new DomainError('rule_violation', `evaluator config ${foreign.id} belongs to another app`);
    return unique.map((id) => found.find((config) => config.id === id)!);
  }

  /** The variant's latest revision; without a variant, the app's only one. */
  private async revisionId(actor: Actor, appId: string, variantId: string | undefined): Promise<string> {
    if (variantId) return (await this.getVariant.execute(actor, variantId)).latest.id;
    const { items } = await this.variants.listViews(actor.projectId, appId, { limit: 2, cursor: null });
    if (items.length === 1) return items[0]!.latest.id;
    throw DomainError.invalidInput([{
      field: ['variant_id'],
      reason: items.length === 0 ? `app ${appId} has no variant; create one the evaluation stands for` : `app ${appId} has several variants; name the one the task stands for`,
      rule: items.length === 0 ? 'invalid_value' : 'required',
    }]);
  }

  private async scenariosOf(
    evaluation: Evaluation, uploaded: UploadedScenario[], rows: TestsetRow[], serverConfigs: EvaluatorConfig[], localConfigs: EvaluatorConfig[],
  ): Promise<EvaluationScenario[]> {
    const groundTruth = groundTruthColumnOf(evaluation);
    const scenarios: EvaluationScenario[] = [];
    for (let start = 0; start < uploaded.length; start += ROWS_JUDGED_AT_ONCE) {
      scenarios.push(...await Promise.all(uploaded.slice(start, start + ROWS_JUDGED_AT_ONCE).map(async (row) => {
        const testsetRow = rows[row.rowIndex]!;
        const results = row.error
          ? evaluation.evaluatorConfigs.map((config) => ({ evaluatorConfigId: config.id, result: errorResult(`not evaluated: the task failed (${row.error!.message})`) }))
          : [...await this.judge(evaluation, testsetRow, row.output, groundTruth, serverConfigs), ...localConfigs.map((config) => localOutcome(config, row))];
        return {
          id: randomUUID(), projectId: evaluation.projectId, evaluationId: evaluation.id, rowIndex: row.rowIndex, repetition: row.repetition,
          inputs: workflowInputs(testsetRow, groundTruth), output: row.error ? null : row.output, correctAnswer: testsetRow[groundTruth] ?? null,
          results, latency: row.latency, cost: row.cost, error: row.error, traceId: null, createdAt: evaluation.createdAt,
        };
      })));
    }
    return scenarios.sort((a, b) => a.rowIndex - b.rowIndex);
  }

  private judge(evaluation: Evaluation, row: TestsetRow, output: unknown, groundTruth: string, configs: EvaluatorConfig[]): Promise<EvaluatorOutcome[]> {
    return Promise.all(configs.map(async (config) => {
      let cost: number | undefined;
      const result = await this.evaluators.evaluate(config.evaluatorKey, {
        projectId: evaluation.projectId, inputs: row, output, trace: null,
        correctAnswer: row[this.evaluators.groundTruthColumn(config.settingsValues, groundTruth)],
        appParams: evaluation.parameters, settings: config.settingsValues,
        onCost: (usd) => {
          cost = (cost ?? 0) + usd;
        },
      });
      return { evaluatorConfigId: config.id, result, ...(cost === undefined ? {} : { cost }) };
    }));
  }
}

function localOutcome(config: EvaluatorConfig, row: UploadedScenario): EvaluatorOutcome {
  const score = row.scores[config.name];
  const result = score === undefined ? errorResult(`the test process sent no score for ${config.name}`)
    : typeof score === 'boolean' ? boolResult(score)
      : typeof score === 'number' ? numberResult(score)
        : errorResult(score.error);
  return { evaluatorConfigId: config.id, result };
}

/** The names of the test process's evaluators, in the order they first appear. */
function localEvaluatorNames(scenarios: UploadedScenario[]): string[] {
  const names = new Set<string>();
  for (const scenario of scenarios) for (const name of Object.keys(scenario.scores)) names.add(name);
  return [...names];
}

/** Every row once, within the test set; every score named as a config may be. */
function checkRows(scenarios: UploadedScenario[], rowCount: number, testsetName: string): void {
  const violations: InputViolation[] = [];
  const seen = new Set<string>();
  scenarios.forEach((scenario, index) => {
    const field = ['scenarios', index, 'row_index'];
    const run = `${scenario.rowIndex}/${scenario.repetition}`;
    if (scenario.rowIndex >= rowCount) {
      violations.push({ field, reason: `row ${scenario.rowIndex} is not in test set "${testsetName}", which has ${rowCount} rows (0 to ${rowCount - 1})`, rule: 'above_maximum' });
    } else if (seen.has(run)) {
      violations.push({
        field, reason: `row ${scenario.rowIndex}, repetition ${scenario.repetition} is given twice; upload one scenario per run of a row`, rule: 'invalid_value',
      });
    }
    seen.add(run);
    for (const name of Object.keys(scenario.scores)) {
      const problem = evaluatorConfigNameProblem(name);
      if (problem) violations.push({ field: ['scenarios', index, 'scores', name], reason: `evaluator ${problem}`, rule: 'invalid_value' });
    }
  });
  if (violations.length > 0) throw DomainError.invalidInput(violations.slice(0, 20));
}
