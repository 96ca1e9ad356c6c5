/** Units are seconds, as ARCHITECTURE §3 fixes them. */
export interface RateLimit {
  batchSize: number;
  maxRetries: number;
  retryDelaySeconds: number;
  delayBetweenBatchesSeconds: number;
}

/** Bounds of ARCHITECTURE §3; the api turns a breach into a 422 on the field. */
export const RATE_LIMIT_BOUNDS = {
  batch_size: { min: 1, max: 1000 },
  max_retries: { min: 0, max: 20 },
  retry_delay: { min: 0, max: 600 },
  delay_between_batches: { min: 0, max: 3600 },
} as const;
