import { ApiError } from '../../api/api-error';
import { errorsByField, fieldPath, findTimeToFirstToken } from './prompt-errors';

describe('prompt errors by field', () => {
  it('names the field inside the prompt or the inputs a 422 item points at', () => {
    expect(fieldPath(['body', 'parameters', 'prompt', 'messages', 1, 'content'])).toBe('messages.1.content');
    expect(fieldPath(['body', 'config', 'prompt', 'llm_config', 'model'])).toBe('llm_config.model');
    expect(fieldPath(['body', 'inputs', 'country'])).toBe('inputs.country');
    expect(fieldPath(['body', 'app_name'])).toBe('app_name');
  });

  it('looks messages up from 422 errors and ignores anything else', () => {
    const refused = new ApiError(422, [{ loc: ['body', 'parameters', 'prompt', 'llm_config', 'model'], msg: 'unknown model acme/x', type: 'unknown_model' }]);
    const errorFor = errorsByField(new ApiError(404, 'no such variant'), refused, new Error('offline'));
    expect(errorFor('llm_config.model')).toBe('unknown model acme/x');
    expect(errorFor('messages.0.content')).toBeUndefined();
  });

  it('finds the time to first token wherever the trace records it', () => {
    expect(findTimeToFirstToken({ trace: { spans: [{ kind: 'workflow' }, { kind: 'llm', attributes: { time_to_first_token_ms: 42 } }] } })).toBe(42);
    expect(findTimeToFirstToken({ trace: null })).toBeUndefined();
  });
});
