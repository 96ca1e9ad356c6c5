import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseWire } from './validation.pipe';

/** Validates a body against a shared wire schema (libs/contracts) and answers 422 like every other endpoint. */
export class ZodBodyPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    return parseWire(this.schema, value, 'body');
  }
}
