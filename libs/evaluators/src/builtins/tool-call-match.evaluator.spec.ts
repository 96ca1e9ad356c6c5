import { validateEvaluatorSettings } from '../settings/validate-evaluator-settings';
import { anError, bool, evaluatorFixture } from '../testing/evaluator-fixture';

/** What a built-in prompt app answers when the model calls a tool (ARCHITECTURE §16). */
const called = (name: string, args: Record<string, unknown>) => ({
  tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } }],
});

describe('tool_call_match', () => {
  const { run } = evaluatorFixture();
  const key = 'tool_call_match';
  const weather = called('get_weather', { city: 'Paris', unit: 'celsius' });

  it('exact: the name and every argument equal the expected call in the column, whatever the key order', async () => {
    const expected = { name: 'get_weather', arguments: { unit: 'celsius', city: 'Paris' } };
    expect(await run(key, { output: weather, correctAnswer: JSON.stringify(expected) })).toEqual(bool(true));
    expect(await run(key, { output: weather, correctAnswer: { name: 'get_weather', arguments: { city: 'Paris' } } })).toEqual(bool(false));
    expect(await run(key, { output: weather, correctAnswer: { name: 'get_time', arguments: { city: 'Paris', unit: 'celsius' } } })).toEqual(bool(false));
  });

  it('subset: the expected arguments are there, others may be too, nested objects compared the same way', async () => {
    const settings = { arguments_match: 'subset' };
    expect(await run(key, { output: weather, correctAnswer: { name: 'get_weather', arguments: { city: 'Paris' } }, settings })).toEqual(bool(true));
    expect(await run(key, { output: weather, correctAnswer: { name: 'get_weather', arguments: { city: 'Lyon' } }, settings })).toEqual(bool(false));
    const nested = called('book', { trip: { from: 'Paris', to: 'Rome', seats: 2 } });
    expect(await run(key, { output: nested, correctAnswer: { name: 'book', arguments: { trip: { to: 'Rome' } } }, settings })).toEqual(bool(true));
    expect(await run(key, { output: nested, correctAnswer: { name: 'book', arguments: { trip: { to: 'Oslo' } } }, settings })).toEqual(bool(false));
  });

  it('schema: the arguments are valid against the JSON Schema of the settings', async () => {
    const schema = { type: 'object', required: ['city'], properties: { city: { type: 'string', pattern: '^[A-Z]' }, unit: { enum: ['celsius', 'fahrenheit'] } } };
    const settings = { arguments_match: 'schema', expected_tool_name: 'get_weather', arguments_schema: JSON.stringify(schema) };
    expect(await run(key, { output: weather, settings })).toEqual(bool(true));
    expect(await run(key, { output: called('get_weather', { city: 'paris' }), settings })).toEqual(bool(false));
    expect(await run(key, { output: called('get_weather', { unit: 'kelvin', city: 'Paris' }), settings })).toEqual(bool(false));
    expect(await run(key, { output: called('get_time', { city: 'Paris' }), settings })).toEqual(bool(false));
  });

  it('takes the expected call from the settings, the column filling in what they leave out', async () => {
    const settings = { expected_tool_name: 'get_weather', expected_arguments: '{"city": "Paris", "unit": "celsius"}' };
    expect(await run(key, { output: weather, settings })).toEqual(bool(true));
    // The name alone checks the name.
    expect(await run(key, { output: weather, settings: { expected_tool_name: 'get_weather' } })).toEqual(bool(true));
    // A column holding only a tool name, as plain text.
    expect(await run(key, { output: weather, correctAnswer: 'get_weather' })).toEqual(bool(true));
    expect(await run(key, { output: weather, correctAnswer: 'get_time' })).toEqual(bool(false));
  });

  it('reads the output as JSON text, a bare list of calls, or a flat {name, arguments}; any of several calls may match', async () => {
    const expected = { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } };
    expect(await run(key, { output: JSON.stringify(weather), correctAnswer: expected })).toEqual(bool(true));
    expect(await run(key, { output: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }], correctAnswer: expected })).toEqual(bool(true));
    const two = { tool_calls: [...called('lookup', {}).tool_calls, ...weather.tool_calls] };
    expect(await run(key, { output: two, correctAnswer: expected })).toEqual(bool(true));
  });

  it('is false for an output with no tool call, and an error without any expected call', async () => {
    expect(await run(key, { output: 'It is sunny in Paris.', correctAnswer: { name: 'get_weather', arguments: {} } })).toEqual(bool(false));
    expect(await run(key, { output: weather })).toEqual(anError(/ground truth/));
    expect(await run(key, { output: weather, correctAnswer: '{"city": "Paris"}' })).toEqual(anError(/names no tool call/));
  });

  it('refuses settings that cannot work, naming the field', () => {
    const violations = (settings: Record<string, unknown>) => {
      const check = validateEvaluatorSettings(key, settings);
      return check.ok ? [] : check.violations.map((v) => `${v.field.join('.')}: ${v.reason}`);
    };
    expect(violations({ arguments_match: 'fuzzy' })).toEqual([expect.stringMatching(/^settings_values\.arguments_match: Input should be 'exact', 'subset' or 'schema'/)]);
    expect(violations({ arguments_match: 'schema' })).toEqual([expect.stringMatching(/^settings_values\.arguments_schema: .*needed/)]);
    expect(violations({ arguments_match: 'schema', arguments_schema: '{"type": "nonsense"}' })).toEqual([expect.stringMatching(/^settings_values\.arguments_schema: .*not a valid JSON Schema/)]);
    expect(violations({ arguments_match: 'schema', arguments_schema: '{"type": "object", "properties": {"a": {"pattern": "(a)\\\\1"}}}' })).toEqual([expect.stringMatching(/^settings_values\.arguments_schema: .*RE2/)]);
    expect(violations({ expected_arguments: '[1, 2]' })).toEqual([expect.stringMatching(/^settings_values\.expected_arguments: .*JSON object/)]);
    expect(violations({ expected_arguments: '{city: Paris}' })).toEqual([expect.stringMatching(/^settings_values\.expected_arguments: .*not JSON/)]);
    expect(violations({ arguments_match: 'subset', expected_tool_name: 'get_weather', expected_arguments: '{"city": "Paris"}' })).toEqual([]);
  });
});
