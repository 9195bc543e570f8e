// The TPP toolkit: sign requests the spec's way, verify them, and talk to a bank.
export * from './certs.ts';
export * from './client.ts';
export * from './clock.ts';
export * from './digest.ts';
export * from './dn.ts';
export * from './http-date.ts';
export * from './http-message.ts';
export * from './key-id.ts';
export * from './redact.ts';
export * from './rfc2047.ts';
export * from './sign.ts';
export * from './signature-header.ts';
export * from './signing-string.ts';
export * from './verify.ts';
export * from './fixtures.ts';
