export * from '../evaluators/testing';
export * from '../outbound/testing/host-list-outbound-guard';
