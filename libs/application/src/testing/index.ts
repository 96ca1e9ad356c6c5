export * from '../evaluators/testing';
