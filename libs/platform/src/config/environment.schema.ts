import { z } from 'zod';
import { QUEUE_NAME } from '@crucible/contracts';
import { DEFAULT_MAX_RESPONSE_BYTES, decodeMasterKey } from '@crucible/integrations';
import { DEFAULT_SELF_PAUSE_SECONDS } from '@crucible/domain';
import { DEFAULT_MAX_CONCURRENT_COMPARISONS, DEFAULT_MAX_SPANS_PER_TRACE, MIN_BOOTSTRAP_KEY_LENGTH } from '@crucible/application';

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string()
    .regex(/^\s*\d+\s*$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Owners are made only by owners (§17), never by signing in. */
const OIDC_AUTO_JOIN_ROLES = ['viewer', 'annotator', 'editor', 'admin'] as const;

const port = wholeNumber(0, 65535);
const masterKey = z.string()
  .refine((value) => decodeMasterKey(value) !== null, 'must be the base64 of exactly 32 bytes (generate one with: openssl rand -base64 32)');
const url = (protocols: RegExp, what: string) => z.url({ protocol: protocols, error: `must be a ${what} URL` });

/**
 * Every variable the api and the workflow-runner read (docs/configuration.md). Unset and empty
 * variables take their defaults; anything else that breaks the schema stops startup, naming the variable.
 */
export const environmentSchema = z.object({
  PORT: port.default(8000),
  HOST: z.string().default('0.0.0.0'),
  RUNNER_PORT: port.default(8001),
  DATABASE_URL: url(/^postgres(ql)?$/, 'postgres://').optional(),
  DATABASE_POOL_SIZE: wholeNumber(1, 1000).default(10),
  CRUCIBLE_API_WORKERS: wholeNumber(1, 64).default(1),
  CRUCIBLE_CHANGE_NOTICES: z.enum(['on', 'off'], { error: 'must be "on" or "off"' }).default('on'),
  CRUCIBLE_DATA_DIR: z.string().default('.data'),
  CRUCIBLE_BOOTSTRAP_API_KEY: z.string()
    .min(MIN_BOOTSTRAP_KEY_LENGTH, `must be at least ${MIN_BOOTSTRAP_KEY_LENGTH} characters (an admin key; generate one, e.g. openssl rand -hex 24)`)
    .optional(),
  CRUCIBLE_CONSOLE_DIR: z.string().optional(),
  /**
   * Where people reach the api (scheme, host, port), e.g. https://crucible.example.com: the first-run setup link is
   * printed with it, a signed-in browser's changes must come from its Origin, and an https one makes cookies Secure.
   * Default: the request's own scheme and Host.
   */
  CRUCIBLE_PUBLIC_URL: url(/^https?$/, 'http(s)://').optional(),
  /** Mails invitations when set: `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  CRUCIBLE_SMTP_URL: url(/^smtps?$/, 'smtp(s)://').optional(),
  /** The invitations' sender, e.g. `Crucible <crucible@example.com>`. */
  CRUCIBLE_SMTP_FROM: z.string().default('Crucible <crucible@localhost>'),
  /**
   * Single sign-on with OpenID Connect when the issuer, client id and secret are all set (ARCHITECTURE §17): the
   * issuer's discovery document is read from `<issuer>/.well-known/openid-configuration`.
   */
  CRUCIBLE_OIDC_ISSUER: url(/^https?$/, 'http(s)://').optional(),
  CRUCIBLE_OIDC_CLIENT_ID: z.string().optional(),
  CRUCIBLE_OIDC_CLIENT_SECRET: z.string().optional(),
  /** Lets a verified address without an account or invitation join the default project with this role (never owner). */
  CRUCIBLE_OIDC_AUTO_JOIN_ROLE: z.enum(OIDC_AUTO_JOIN_ROLES, { error: `must be one of ${OIDC_AUTO_JOIN_ROLES.join(', ')}` }).optional(),
  /** What the sign-in page's button names, e.g. "Okta". Default: the issuer's host. */
  CRUCIBLE_OIDC_NAME: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  REDIS_URL: url(/^rediss?$/, 'redis://').optional(),
  QUEUE_NAME: z.string().regex(/^[\w.-]+$/, 'must be letters, digits, "_", "-" or "."').default(QUEUE_NAME),
  RUNNER_CONCURRENCY: wholeNumber(1, 1000).default(2),
  RUNNER_LOCK_DURATION_MS: wholeNumber(1000).default(30_000),
  RUNNER_PROGRESS_EVERY_ROWS: wholeNumber(1).default(100),
  RUNNER_PROGRESS_EVERY_MS: wholeNumber(100).default(10_000),
  CRUCIBLE_INVOCATION_TIMEOUT_MS: wholeNumber(1).default(120_000),
  CRUCIBLE_SWEEP_INTERVAL_MS: wholeNumber(100).default(5000),
  /** How long a runner holds a claimed online evaluation; a claim whose runner died is taken again after it. */
  CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS: wholeNumber(1, 24 * 3600).default(300),
  CRUCIBLE_ALLOWED_PRIVATE_HOSTS: z.string().optional(),
  CRUCIBLE_MAX_RESPONSE_BYTES: wholeNumber(1).default(DEFAULT_MAX_RESPONSE_BYTES),
  CRUCIBLE_TRACE_RETENTION_DAYS: wholeNumber(0).default(30),
  CRUCIBLE_MAX_SPANS_PER_TRACE: wholeNumber(1).default(DEFAULT_MAX_SPANS_PER_TRACE),
  CRUCIBLE_SANDBOX_MAX_ISOLATES: wholeNumber(1).optional(),
  CRUCIBLE_MAX_BODY_BYTES: wholeNumber(1).default(1024 * 1024),
  CRUCIBLE_MAX_TRACE_BODY_BYTES: wholeNumber(1).default(16 * 1024 * 1024),
  CRUCIBLE_MAX_UPLOAD_BYTES: wholeNumber(1).default(200 * 1024 * 1024),
  /** Default: 4096, or fewer when the descriptor limit (`ulimit -n`) would not leave room for files and the database. */
  CRUCIBLE_MAX_CONNECTIONS: wholeNumber(1).optional(),
  CRUCIBLE_MAX_CONCURRENT_COMPARISONS: wholeNumber(1, 1000).default(DEFAULT_MAX_CONCURRENT_COMPARISONS),
  /** An online evaluation rule whose evaluator fails on every execution this long pauses itself. */
  CRUCIBLE_ONLINE_EVALUATION_SELF_PAUSE_SECONDS: wholeNumber(1).default(DEFAULT_SELF_PAUSE_SECONDS),
  OPENAI_BASE_URL: url(/^https?$/, 'http(s)://').optional(),
  OPENAI_API_KEY: z.string().optional(),
  /** Seals provider keys at rest; embedded mode without it generates `secret.key` in the data directory. */
  CRUCIBLE_SECRET_KEY: masterKey.optional(),
  /** The key before a rotation: read, never written with (crucible admin rotate-secrets). */
  CRUCIBLE_SECRET_KEY_PREVIOUS: masterKey.optional(),
}).superRefine((environment, context) => {
  const oidc = ['CRUCIBLE_OIDC_ISSUER', 'CRUCIBLE_OIDC_CLIENT_ID', 'CRUCIBLE_OIDC_CLIENT_SECRET'] as const;
  const set = oidc.filter((name) => environment[name] !== undefined);
  if (set.length === 0 || set.length === oidc.length) return;
  for (const name of oidc.filter((variable) => environment[variable] === undefined)) {
    context.addIssue({ code: 'custom', path: [name], message: `must be set too: single sign-on needs ${oidc.join(', ')} (${set.join(', ')} is set)` });
  }
});

export type CrucibleEnvironment = z.infer<typeof environmentSchema>;

/** Startup stops with this: which variables are wrong and what they must be (never their values, which may be secret). */
export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid environment: ${problems.join('; ')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

export function parseEnvironment(env: Record<string, unknown>): CrucibleEnvironment {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(set);
  if (parsed.success) return parsed.data;
  throw new InvalidEnvironmentError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
}
