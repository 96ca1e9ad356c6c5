import { Injectable } from '@nestjs/common';
import { promptParametersSchema } from '@crucible/contracts';
import {
  DomainError, type InputViolation, Jinja2TemplateError, type PromptParameters, checkJinja2, inputKeysOf, jsonSchemaProblem,
} from '@crucible/domain';
import { checkedInput } from '../traces/checked-input';
import { PromptModelResolver, type ResolvedModel } from './prompt-model-resolver';

/** Parameters read and checked, with where the call goes. */
export interface CheckedPrompt {
  parameters: PromptParameters;
  model: ResolvedModel;
}

/**
 * A built-in variant's parameters, checked as far as they can be without inputs (ARCHITECTURE §16): the shape, jinja2
 * that parses and reaches nothing but its variables, tools and response formats that are JSON Schema, a known model
 * with a connection. 422 naming the field, paths from `field` (where the caller's body holds the parameters).
 */
@Injectable()
export class PromptParametersCheck {
  /** Parameters already read, by identity: the gateway runs the same cached deployed object on every call. */
  private readonly parsedForRun = new WeakMap<object, PromptParameters>();

  constructor(private readonly models: PromptModelResolver) {}

  /** For saving: everything, the model's connection too; `input_keys` derived from the messages. */
  async check(projectId: string, parameters: unknown, field: Array<string | number>): Promise<CheckedPrompt> {
    const parsed = this.parse(parameters, field);
    const model = await this.models.resolve(projectId, parsed.prompt.llm_config, [...field, 'prompt', 'llm_config']);
    return { parameters: parsed, model };
  }

  /** For running: the same checks but the connection, which the gateway refuses itself. */
  async forRun(projectId: string, parameters: unknown, field: Array<string | number>): Promise<CheckedPrompt> {
    const parsed = this.parseOnce(parameters, field);
    return { parameters: parsed, model: await this.models.resolve(projectId, parsed.prompt.llm_config, [...field, 'prompt', 'llm_config'], false) };
  }

  /** `parse`, once per parameters object (the parsed value is a new object, so a caller changing it changes no entry). */
  private parseOnce(parameters: unknown, field: Array<string | number>): PromptParameters {
    if (typeof parameters !== 'object' || parameters === null) return this.parse(parameters, field);
    let parsed = this.parsedForRun.get(parameters);
    if (!parsed) this.parsedForRun.set(parameters, (parsed = this.parse(parameters, field)));
    return parsed;
  }

  parse(parameters: unknown, field: Array<string | number>): PromptParameters {
    const checked = checkedInput(promptParametersSchema, parameters, field);
    if (!checked.ok) throw DomainError.invalidInput(checked.violations);
    const prompt = checked.value.prompt;
    const at = [...field, 'prompt'];
    const violations: InputViolation[] = [];
    if (prompt.template_format === 'jinja2') {
      prompt.messages.forEach((message, index) => {
        try {
          checkJinja2(message.content);
        } catch (error) {
          if (!(error instanceof Jinja2TemplateError)) throw error;
          violations.push({ field: [...at, 'messages', index, 'content'], reason: `the jinja2 template ${error.message}`, rule: 'invalid_value' });
        }
      });
    }
    const config = prompt.llm_config;
    (config.tools ?? []).forEach((tool, index) => {
      const where = [...at, 'llm_config', 'tools', index, 'function', 'parameters'];
      const problem = jsonSchemaProblem(tool.function.parameters, 'parameters');
      if (problem) violations.push({ field: where, reason: `not a JSON Schema: ${problem}`, rule: 'invalid_value' });
      else if (tool.function.parameters['type'] !== 'object') {
        violations.push({ field: where, reason: 'a tool\'s parameters are a JSON Schema of type "object"', rule: 'invalid_value' });
      }
    });
    if (config.response_format?.type === 'json_schema') {
      const problem = jsonSchemaProblem(config.response_format.json_schema.schema, 'schema');
      if (problem) violations.push({ field: [...at, 'llm_config', 'response_format', 'json_schema', 'schema'], reason: `not a JSON Schema: ${problem}`, rule: 'invalid_value' });
    }
    const choice = config.tool_choice;
    if (choice && typeof choice === 'object' && !(config.tools ?? []).some((tool) => tool.function.name === choice.function.name)) {
      violations.push({ field: [...at, 'llm_config', 'tool_choice'], reason: `no tool named '${choice.function.name}' is offered`, rule: 'invalid_value' });
    }
    if (violations.length > 0) throw DomainError.invalidInput(violations);
    return { prompt: { ...prompt, input_keys: inputKeysOf(prompt) } };
  }
}
