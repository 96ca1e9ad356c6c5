/** The guard's settings, from CRUCIBLE_ALLOWED_PRIVATE_HOSTS and CRUCIBLE_MAX_RESPONSE_BYTES. */
export interface OutboundConfig {
  allowedPrivateHosts: string[];
  maxResponseBytes: number;
}

/** Local services must work out of the box in embedded mode; a shared deployment opts in to each private host. */
export const EMBEDDED_ALLOWED_PRIVATE_HOSTS = '127.0.0.1,localhost';
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export function outboundConfigFromEnv(env: NodeJS.ProcessEnv, mode: 'embedded' | 'distributed'): OutboundConfig {
  const listed = env['CRUCIBLE_ALLOWED_PRIVATE_HOSTS'] ?? (mode === 'embedded' ? EMBEDDED_ALLOWED_PRIVATE_HOSTS : '');
  const maxBytes = Number(env['CRUCIBLE_MAX_RESPONSE_BYTES'] ?? DEFAULT_MAX_RESPONSE_BYTES);
  return {
    allowedPrivateHosts: listed.split(',').map((host) => host.trim()).filter(Boolean),
    maxResponseBytes: Number.isFinite(maxBytes) && maxBytes > 0 ? maxBytes : DEFAULT_MAX_RESPONSE_BYTES,
  };
}
