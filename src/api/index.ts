// The API layer's public surface. Nothing here imports `vscode`.
export * from './client';
export { useHostNetwork, type HostNetwork } from './connections';
export * from './errors';
export * from './paging';
export { Secrets, type SecretKind } from './secrets';
export * from './types';
export { DEFAULT_BASE_URL, type RequestLogEntry } from './transport';
export { MAX_TAKE, checkEmail, isEmailAddress } from './validate';
