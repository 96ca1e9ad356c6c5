import { CUSTOM_MODEL_COLUMNS } from '../mappers/custom-model.mapper';

/** `$1` project. */
export const CUSTOM_MODELS_OF_PROJECT = `SELECT ${CUSTOM_MODEL_COLUMNS} FROM custom_models WHERE project_id = $1 ORDER BY created_at, id`;

/** `$1` project, `$2` model. */
export const CUSTOM_MODEL_BY_ID = `SELECT ${CUSTOM_MODEL_COLUMNS} FROM custom_models WHERE project_id = $1 AND id = $2`;

/** `customModelToParameters`' values. */
export const CUSTOM_MODEL_INSERT = `INSERT INTO custom_models (${CUSTOM_MODEL_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;

/**
 * `$1` project, `$2` model, then name, the three prices, match pattern and time. A CTE: TypeORM answers a bare
 * UPDATE … RETURNING as [rows, count].
 */
export const CUSTOM_MODEL_UPDATE = `WITH changed AS (
    UPDATE custom_models SET name = $3, input_price_per_mtok = $4, output_price_per_mtok = $5, cached_input_price_per_mtok = $6,
      match_pattern = $7, updated_at = $8 WHERE project_id = $1 AND id = $2 RETURNING ${CUSTOM_MODEL_COLUMNS}
  ) SELECT * FROM changed`;

/** `$1` project, `$2` model. */
export const CUSTOM_MODEL_DELETE = 'WITH gone AS (DELETE FROM custom_models WHERE project_id = $1 AND id = $2 RETURNING 1) SELECT count(*)::int AS deleted FROM gone';
