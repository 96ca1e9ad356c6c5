import { z } from 'zod';

export const tokenUsageSchema = z.object({
  prompt: z.number().int().nonnegative(),
  completion: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

export interface Span {
  span_id: string;
  parent_span_id: string | null;
  name: string;
  kind: 'workflow' | 'task' | 'llm' | 'embedding' | 'tool';
  status: 'ok' | 'error';
  start_time: string;
  end_time: string;
  latency_ms: number;
  inputs?: unknown;
  outputs?: unknown;
  error?: { message: string; stacktrace?: string };
  model?: string;
  tokens?: TokenUsage;
  cost?: number;
}

export const spanSchema: z.ZodType<Span> = z.object({
  span_id: z.string(),
  parent_span_id: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['workflow', 'task', 'llm', 'embedding', 'tool']),
  status: z.enum(['ok', 'error']),
  start_time: z.string(),
  end_time: z.string(),
  latency_ms: z.number().nonnegative(),
  inputs: z.unknown().optional(),
  outputs: z.unknown().optional(),
  error: z.object({ message: z.string(), stacktrace: z.string().optional() }).optional(),
  model: z.string().optional(),
  tokens: tokenUsageSchema.optional(),
  cost: z.number().nonnegative().optional(),
});

/** The trace every SDK call answers with; cost is USD, latency milliseconds. */
export const traceSchema = z.object({
  trace_id: z.string(),
  latency_ms: z.number().nonnegative(),
  cost: z.number().nonnegative(),
  tokens: tokenUsageSchema,
  spans: z.array(spanSchema),
});
export type Trace = z.infer<typeof traceSchema>;
