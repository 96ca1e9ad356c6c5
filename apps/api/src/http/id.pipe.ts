import { type PipeTransform } from '@nestjs/common';
import { DomainError } from '@crucible/domain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else cannot name an existing resource, so it is a 404 like a missing one. */
export class IdPipe implements PipeTransform<string, string> {
  constructor(private readonly resource: string) {}

  transform(value: string): string {
    if (!UUID.test(value)) throw DomainError.notFound(this.resource, value);
    return value;
  }
}

export const isUuid = (value: string): boolean => UUID.test(value);
