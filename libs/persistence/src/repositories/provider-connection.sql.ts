/** `$1` key id, `$2` ciphertext; a check already stored stands. */
export const SECRET_KEY_CHECK_INSERT = 'INSERT INTO secret_key_checks (id, key_id, ciphertext) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING';

/** `$1` project. */
export const CONNECTED_KINDS = 'SELECT DISTINCT kind FROM provider_connections WHERE project_id = $1';

/** `$1` project, `$2` the connection's id as text (a malformed id matches nothing instead of failing the cast). */
export const CONNECTION_SUMMARY = 'SELECT id::text, name, kind FROM provider_connections WHERE project_id = $1 AND id::text = $2';
