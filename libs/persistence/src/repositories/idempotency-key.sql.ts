/**
 * One statement: insert, or take over an expired (`$4` seconds) or abandoned (`$5` seconds unanswered) record; two
 * racing requests cannot both claim. `$1` project, `$2` key, `$3` request hash.
 */
export const IDEMPOTENCY_CLAIM = `
  INSERT INTO idempotency_keys (project_id, key, request_hash, created_at) VALUES ($1, $2, $3, now())
  ON CONFLICT (project_id, key) DO UPDATE
    SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now()
    WHERE idempotency_keys.created_at < now() - make_interval(secs => $4)
       OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at < now() - make_interval(secs => $5))
  RETURNING 1`;

/** `$1` project, `$2` key. */
export const IDEMPOTENCY_RECORD = 'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE project_id = $1 AND key = $2';

/** `$1` project, `$2` key, `$3` status, `$4` body as JSON text. */
export const IDEMPOTENCY_ANSWER = 'UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE project_id = $1 AND key = $2';

/** `$1` project, `$2` key; only a claim still unanswered. */
export const IDEMPOTENCY_RELEASE = 'DELETE FROM idempotency_keys WHERE project_id = $1 AND key = $2 AND response_status IS NULL';
