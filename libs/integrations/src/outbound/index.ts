export * from './address-policy';
export * from './outbound-config';
export * from './undici-outbound-guard';
