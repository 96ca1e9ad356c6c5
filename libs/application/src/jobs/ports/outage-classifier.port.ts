/** Tells an outage of a dependency (database unreachable) from a failure that retrying cannot fix. */
export abstract class OutageClassifier {
  abstract isOutage(error: unknown): boolean;
}
