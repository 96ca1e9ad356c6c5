import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { MAX_PAGE_SIZE } from '@crucible/application';

/*
 * The api's wire shapes, one zod schema each: requests are parsed with them (RequestValidationPipe),
 * presenters are typed by them, and /openapi.json (hence libs/client) is generated from them.
 */

/** Ids are UUIDs; any version is accepted (a wrong one is simply not found). */
export const id = z.guid();
export const nonEmpty = z.string().min(1);
export const commitMessage = z.string().max(2000);
/** Free-form JSON object (parameters, settings, rows). */
export const jsonObject = z.record(z.string(), z.unknown());
export const timestamp = z.string().meta({ format: 'date-time' });
/**
 * `schema` or null, documented as `nullable: true`. zod ≥ 4.5 writes a bare `z.string().nullable()` as
 * `type: ["string", "null"]`, which nestjs-zod 5.5 turns into an array of strings (BenLorantfy/nestjs-zod#473);
 * a branch carrying a keyword stays an `anyOf`, which nestjs-zod turns into `nullable: true` as it should.
 */
/** A schema for `@ApiOkResponse({ schema })`, for answers written to the response by hand (no DTO to read it from). */
export const openApiSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' }) as Record<string, unknown>;

export const nullable = <T extends z.ZodType>(schema: T) => schema.meta({ nullable: true }).nullable();

export const resultSchema = z.object({
  type: z.enum(['status', 'number', 'bool', 'text', 'object', 'error', 'latency', 'cost']),
  value: z.unknown().optional(),
  error: z.object({ message: z.string(), stacktrace: z.string().optional() }).nullable().optional(),
  reasoning: z.string().optional().describe("an LLM judge's explanation of its score (judge presets and RAG evaluators)"),
}).meta({ id: 'Result' });

export const progressSchema = z.object({ done: z.number().int(), total: z.number().int() });

/** Bulk deletes of evaluations answer how many they removed. */
export const deletedCountSchema = z.object({ deleted: z.number().int() });
export class DeletedCountDto extends createZodDto(deletedCountSchema) {}

/** `limit` and `cursor` of every list (ARCHITECTURE §10). */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe('at most this many items'),
  cursor: z.string().max(2000).optional().describe('opaque; from the `Link: <…>; rel="next"` header of the previous page'),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
export class PageQueryDto extends createZodDto(pageQuerySchema) {}
export class PagedAppScopeQueryDto extends createZodDto(pageQuerySchema.extend({ app_id: id.optional() })) {}
