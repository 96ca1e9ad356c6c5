// No use case: the api's idempotency interceptor stands in front of any operation, over this port.
export * from './ports';
