/** The guard's settings (CRUCIBLE_ALLOWED_PRIVATE_HOSTS and CRUCIBLE_MAX_RESPONSE_BYTES, read by libs/platform). */
export interface OutboundConfig {
  allowedPrivateHosts: string[];
  maxResponseBytes: number;
}

/** Local services must work out of the box in embedded mode; a shared deployment opts in to each private host. */
export const EMBEDDED_ALLOWED_PRIVATE_HOSTS = '127.0.0.1,localhost';
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
