import { z } from 'zod';

/**
 * Where and why a request is invalid, as FastAPI/pydantic reports it (ARCHITECTURE §3): `loc` starts at body,
 * query, path or header (`["body", "config", "temperature"]`). SDK services and the api answer 422 with these.
 */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** A 422 body. */
export const validationErrorBodySchema = z.object({ detail: z.array(validationIssueSchema) });
