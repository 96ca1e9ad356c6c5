import { DomainError, type InputViolation } from '@crucible/domain';
import { type RequestPart, presentViolation } from '../presenters/input-violation.presenter';
import { RequestValidationError } from './validation-error';

/** Fields that arrive outside the JSON body, by name: `{ cursor: 'query' }`, `{ 'Idempotency-Key': 'header' }`. */
export type FieldLocations = Readonly<Record<string, Exclude<RequestPart, 'body'>>>;

const partOf = ({ field: [name] }: InputViolation, locations: FieldLocations): RequestPart =>
  (typeof name === 'string' && Object.hasOwn(locations, name) ? locations[name]! : 'body');

/**
 * Use cases name the fields they refuse as the client named them, not where the client put them. A controller
 * whose use case may refuse a query parameter or a header runs it here, so the 422 `loc` starts where that field
 * arrived; every other field arrived in the body.
 */
export async function withFieldLocations<T>(locations: FieldLocations, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'invalid_input') throw error;
    throw new RequestValidationError(error.violations.map((violation) => presentViolation(violation, partOf(violation, locations))));
  }
}
