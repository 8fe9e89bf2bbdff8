/** The `events` table of the PostgreSQL event store, and the advisory lock keys its protocol uses. */
import type { Pool } from 'pg';

/**
 * Two-int advisory lock keys (pg_locks shows them as classid/objid with objsubid = 2).
 * APPENDS_IN_FLIGHT is held in SHARED mode by every append from before it draws positions until it
 * ends; shared holders never block each other, the lock only makes in-flight appends visible to readers.
 */
export const LOCK_NAMESPACE = 0x687a;
export const APPENDS_IN_FLIGHT = 1;
const SCHEMA_SETUP = 2;
/** Held while the `pending_results` table is created (infra/pending-results.ts); 3 is the read models' setup (projections/checkpoints.ts). */
export const PENDING_RESULTS_SETUP = 4;
/** Namespace of per-stream exclusive locks (second key: a 32-bit hash of the stream name). */
export const STREAM_LOCK_NAMESPACE = 0x687b;

/** The channel appends notify after they commit; listeners treat it as a wake-up only. */
export const EVENTS_CHANNEL = 'events_appended';

/** Select list with bigints as text; its aliases shadow the columns, so ORDER BY must say `events.position`. */
export const EVENT_COLUMNS = 'position::text AS position, stream, revision::text AS revision, id::text AS id, type, data, metadata, created_at';

export interface EventRow {
  position: string; stream: string; revision: string; id: string; type: string;
  data: unknown; metadata: Record<string, unknown> | null; created_at: Date;
}

/**
 * Creates the table when missing. Concurrent CREATE TABLE IF NOT EXISTS can still fail on the
 * catalog's unique indexes, so the DDL runs under a transaction-level advisory lock.
 */
export async function ensureEventsTable(pool: Pool): Promise<void> {
  if (await eventsTableIsCurrent(pool)) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_NAMESPACE, SCHEMA_SETUP]);
    // CACHE 1 keeps the sequence strictly increasing in the order values are drawn across sessions,
    // which the gap-safe reader relies on.
    await client.query(`
      CREATE TABLE IF NOT EXISTS events (
        position   bigint GENERATED ALWAYS AS IDENTITY (CACHE 1) PRIMARY KEY,
        stream     text        NOT NULL,
        revision   bigint      NOT NULL,
        id         uuid        NOT NULL,
        type       text        NOT NULL,
        data       jsonb       NOT NULL,
        metadata   jsonb       NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_revision_key UNIQUE (stream, revision)
      )`);
    await client.query(APPEND_FUNCTION_SQL);
    await client.query('COMMIT');
  } catch (err: unknown) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * One read-only round trip: the table exists and the append function's body is the one below, so the DDL
 * (a transaction under an advisory lock) can be skipped. Anything else, an older body included, runs it.
 */
async function eventsTableIsCurrent(pool: Pool): Promise<boolean> {
  const body = APPEND_FUNCTION_SQL.split('$fn$')[1];
  const { rows } = await pool.query<{ current: boolean }>(
    `SELECT to_regclass('events') IS NOT NULL
        AND coalesce((SELECT prosrc = $1 FROM pg_proc
                      WHERE oid = to_regprocedure('hz_append_events(text, uuid[], text[], jsonb[], jsonb[], text, bigint, integer)')), false) AS current`,
    [body],
  );
  return rows[0]?.current === true;
}

/**
 * One append in one round trip: called as a single statement, its implicit transaction holds both
 * advisory locks until it commits. The stream lock comes first (appends to one stream queue on it),
 * then the shared in-flight lock before any position is drawn (the readers' protocol,
 * postgres-log-reader.ts). Each statement of a volatile PL/pgSQL function takes a fresh snapshot, so
 * the head is read after the stream lock is granted: it is the committed head of the append before.
 * Returns the head found, whether the expectation held, and where the appended events landed (for an
 * empty append: the stream's last position, or -1).
 */
const APPEND_FUNCTION_SQL = `
  CREATE OR REPLACE FUNCTION hz_append_events(
    p_stream text, p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[], p_mode text, p_expected bigint, p_lock int
  ) RETURNS TABLE (o_current bigint, o_ok boolean, o_position bigint, o_revision bigint)
  LANGUAGE plpgsql VOLATILE AS $fn$
  DECLARE
    v_rev bigint;
    v_ok boolean;
    v_pos bigint;
    v_last bigint;
  BEGIN
    PERFORM pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, p_lock);
    PERFORM pg_advisory_xact_lock_shared(${LOCK_NAMESPACE}, ${APPENDS_IN_FLIGHT});
    SELECT coalesce(max(e.revision), -1) INTO v_rev FROM events e WHERE e.stream = p_stream;
    v_ok := CASE p_mode
              WHEN 'any' THEN true
              WHEN 'no_stream' THEN v_rev = -1
              WHEN 'stream_exists' THEN v_rev >= 0
              ELSE v_rev = p_expected
            END;
    IF NOT v_ok THEN
      RETURN QUERY SELECT v_rev, false, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    IF coalesce(array_length(p_ids, 1), 0) = 0 THEN
      SELECT e.position INTO v_pos FROM events e WHERE e.stream = p_stream ORDER BY e.revision DESC LIMIT 1;
      RETURN QUERY SELECT v_rev, true, coalesce(v_pos, -1), v_rev;
      RETURN;
    END IF;
    WITH inserted AS (
      INSERT INTO events (stream, revision, id, type, data, metadata)
      SELECT p_stream, v_rev + n.ord, n.id, n.type, n.data, n.metadata
      FROM unnest(p_ids, p_types, p_data, p_meta) WITH ORDINALITY AS n(id, type, data, metadata, ord)
      ORDER BY n.ord
      RETURNING events.position, events.revision
    )
    SELECT max(inserted.position), max(inserted.revision) INTO v_pos, v_last FROM inserted;
    RETURN QUERY SELECT v_rev, true, v_pos, v_last;
  END
  $fn$`;
