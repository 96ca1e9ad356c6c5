export * from './ports';
export * from './invoke-with-retries';
export * from './row-batches';
export * from './pin-revisions';
export * from './run-lookup';
export * from './drive-run';
