import { anError, evaluatorFixture, num } from '../testing/evaluator-fixture';
import { CUSTOM_CODE_LIMITS } from './custom-code.evaluator';

describe('auto_custom_code_run', () => {
  const key = 'auto_custom_code_run';

  it('calls evaluate(app_params, inputs, output, correct_answer) and answers its number', async () => {
    const { run, sandbox } = evaluatorFixture();
    const code = `function evaluate(app_params, inputs, output, correct_answer) {
      return output.length / (app_params.max_length + inputs.bonus) + (correct_answer === 'yes' ? 0.5 : 0);
    }`;
    const result = await run(key, { appParams: { max_length: 8 }, inputs: { bonus: 2 }, output: 'hello', correctAnswer: 'yes', settings: { code } });
    expect(result).toEqual(num(1));
    expect(sandbox.runs[0].limits).toEqual(CUSTOM_CODE_LIMITS);
  });

  it('awaits a promise, receives objects as they are and null for a missing ground truth', async () => {
    const { run } = evaluatorFixture();
    const code = 'async function evaluate(p, i, output, answer) { return answer === null ? output.score : -1; }';
    expect(await run(key, { output: { score: 0.25 }, settings: { code } })).toEqual(num(0.25));
  });

  it('uses the default code, comparing output and ground truth', async () => {
    const { run } = evaluatorFixture();
    expect(await run(key, { output: ' Paris', correctAnswer: 'Paris' })).toEqual(num(1));
    expect(await run(key, { output: 'Lyon', correctAnswer: 'Paris' })).toEqual(num(0));
  });

  it('is an error when the code returns no number', async () => {
    const { run } = evaluatorFixture();
    const returning = (value: string) => ({ settings: { code: `function evaluate() { return ${value}; }` } });
    expect(await run(key, returning('"0.5"'))).toEqual(anError(/must return a number, but returned string "0.5"/));
    expect(await run(key, returning('true'))).toEqual(anError(/must return a number/));
    expect(await run(key, returning('NaN'))).toEqual(anError(/must return a number, but returned NaN/));
    expect(await run(key, returning('undefined'))).toEqual(anError(/must return a number, but returned undefined/));
  });

  it("is an error carrying the user's message when the code throws", async () => {
    const { run } = evaluatorFixture();
    const code = 'function evaluate() { throw new Error("no score for you"); }';
    expect(await run(key, { settings: { code } })).toEqual(anError(/^The custom code failed: no score for you$/));
  });

  it('rejects code that does not compile or defines no evaluate', async () => {
    const { run, sandbox } = evaluatorFixture();
    expect(await run(key, { settings: { code: 'function evaluate( {' } })).toEqual(anError(/does not compile/));
    expect(await run(key, { settings: { code: 'function score() { return 1; }' } })).toEqual(anError(/must define function evaluate/));
    expect(sandbox.runs).toHaveLength(0);
  });
});
