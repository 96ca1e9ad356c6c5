import { numberResult, type Result } from '@crucible/domain';
import type { LlmGateway } from '@crucible/application';
import { EvaluationFailure, type Evaluator, type EvaluatorContext } from '../evaluator';
import { asText, excerpt, requireGroundTruth, settingsReader, throughPort } from '../support/values';
import { judgeTarget, withLlmRetries } from '../support/judge-target';
import { askJudge } from '../judges/ask-judge';
import { CRITIQUE_PRESET_PROMPTS, type CritiquePreset } from '../judges/critique-presets';
import { questionText, renderJudgePrompt } from '../judges/judge-sections';

const JUDGE_SYSTEM_PROMPT =
  'You are an evaluator grading the output of an LLM application. Follow the instructions and answer with a score.';

// Anything between braces that is not a known name (JSON examples, say) is left untouched.
const PLACEHOLDER = /\{([^{}\n]+)\}/g;

/**
 * Fills {prediction}, {ground_truth}, any row column, and {inputs} (the row as JSON) unless a column has that name.
 * {variant_output} and {correct_answer} are accepted as older names, so Agenta templates carry over.
 */
export function renderCritiquePrompt(template: string, ctx: EvaluatorContext): string {
  const special: Record<string, () => string> = {
    prediction: () => asText(ctx.output),
    variant_output: () => asText(ctx.output),
    ground_truth: () => asText(requireGroundTruth(ctx)),
  };
  const fallback: Record<string, () => string> = {
    inputs: () => JSON.stringify(ctx.inputs),
    correct_answer: () => asText(requireGroundTruth(ctx)),
  };
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (Object.hasOwn(special, name)) return special[name]();
    if (Object.hasOwn(ctx.inputs, name)) return asText(ctx.inputs[name]);
    if (Object.hasOwn(fallback, name)) return fallback[name]();
    return whole;
  });
}

export function parseJudgeScore(reply: string): number {
  const found = /-?\d+(?:\.\d+)?/.exec(reply);
  if (!found) throw new EvaluationFailure(`The judge's reply holds no score: "${excerpt(reply)}"`);
  return Number(found[0]);
}

export class AiCritiqueEvaluator implements Evaluator {
  readonly key = 'auto_ai_critique';

  constructor(private readonly llm: LlmGateway) {}

  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const preset = (ctx.settings['preset'] ?? 'template') as CritiquePreset;
    return preset === 'template' ? this.byTemplate(ctx) : this.byPreset(ctx, preset);
  }

  /** A preset's prompt from src/prompts, answered through structured output: the score and the judge's reasoning. */
  private byPreset(ctx: EvaluatorContext, preset: Exclude<CritiquePreset, 'template'>): Promise<Result> {
    const { system, template, scale } = CRITIQUE_PRESET_PROMPTS[preset];
    const hasAnswer = ctx.correctAnswer !== undefined && ctx.correctAnswer !== null;
    // Correctness needs the expected answer (an error Result naming the column without it); a rubric shows it if there.
    const showsAnswer = preset === 'correctness' || (preset === 'custom' && hasAnswer);
    const prompt = renderJudgePrompt(template, {
      question: questionText(ctx),
      output: asText(ctx.output),
      expected: showsAnswer ? asText(requireGroundTruth(ctx)) : undefined,
      rubric: preset === 'custom' ? settingsReader(ctx.settings).string('rubric') : undefined,
    });
    return askJudge(this.llm, ctx, { system, prompt, scale });
  }

  /** The judge before presets: kept as it was, so saved configs and their past results stay comparable. */
  private async byTemplate(ctx: EvaluatorContext): Promise<Result> {
    const settings = settingsReader(ctx.settings);
    const prompt = renderCritiquePrompt(settings.string('prompt_template'), ctx);
    const reply = await throughPort('The judge LLM call', () => withLlmRetries(ctx, () =>
      this.llm.generate({
        ...judgeTarget(ctx),
        temperature: 0,
        messages: [
          { role: 'system', content: JUDGE_SYSTEM_PROMPT },
          { role: 'user', content: prompt },
        ],
      })),
    );
    if (reply.cost !== null) ctx.onCost?.(reply.cost);
    return numberResult(parseJudgeScore(reply.text));
  }
}
