import { numberResult, type Result } from '@crucible/domain';
import type { CodeSandbox } from '@crucible/application';
import { EvaluationFailure, type Evaluator, type EvaluatorContext } from '../evaluator';
import { excerpt, settingsReader, throughPort } from '../support/values';

export const CUSTOM_CODE_LIMITS = { cpuTimeMs: 5_000, wallTimeMs: 30_000, memoryMb: 64 } as const;

export class CustomCodeEvaluator implements Evaluator {
  readonly key = 'auto_custom_code_run';

  constructor(private readonly sandbox: CodeSandbox) {}

  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const code = settingsReader(ctx.settings).string('code');
    // The ground truth is optional here: the code decides whether it needs one.
    const args = [ctx.appParams, ctx.inputs, ctx.output, ctx.correctAnswer ?? null];
    const score = await throughPort('The custom code', () =>
      this.sandbox.run(code, 'evaluate', args, { ...CUSTOM_CODE_LIMITS }),
    );
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      throw new EvaluationFailure(`evaluate() must return a number, but returned ${excerpt(describe(score))}`);
    }
    return numberResult(score);
  }
}

function describe(value: unknown): string {
  if (value === undefined || value === null || typeof value === 'number') return String(value);
  return `${Array.isArray(value) ? 'array' : typeof value} ${JSON.stringify(value) ?? ''}`.trim();
}
