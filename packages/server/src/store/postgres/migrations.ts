// The position in this list is the schema version (recorded in `powercontext_schema`). Append only; never edit a
// shipped entry. Identifiers use the "C" collation so that ordering and comparison are bytewise, as in SQLite.
export const MIGRATIONS: readonly string[] = [
  // 1: journal, cursors, Memory revisions with immutable entry versions, full-text index over the active head.
  `
  CREATE TABLE scope_state (
    scope_id text COLLATE "C" PRIMARY KEY,
    high_watermark bigint NOT NULL DEFAULT 0,
    memory_cursor bigint NOT NULL DEFAULT 0,
    memory_revision bigint NOT NULL DEFAULT 0,
    indexed_entries bigint NOT NULL DEFAULT 0,
    indexed_terms bigint NOT NULL DEFAULT 0
  );
  CREATE TABLE source (
    scope_id text COLLATE "C" NOT NULL,
    position bigint NOT NULL,
    source_id text COLLATE "C" NOT NULL,
    content text NOT NULL,
    metadata json NOT NULL,
    payload_digest text NOT NULL,
    redaction_count integer NOT NULL,
    captured_at text NOT NULL,
    PRIMARY KEY (scope_id, position),
    UNIQUE (scope_id, source_id)
  );
  CREATE TABLE memory_revision (
    scope_id text COLLATE "C" NOT NULL,
    revision bigint NOT NULL,
    created_at text NOT NULL,
    PRIMARY KEY (scope_id, revision)
  );
  CREATE TABLE entry_version (
    entry_version_id text COLLATE "C" PRIMARY KEY,
    scope_id text COLLATE "C" NOT NULL,
    entry_id text COLLATE "C" NOT NULL,
    version integer NOT NULL,
    kind text COLLATE "C" NOT NULL,
    text text NOT NULL,
    search_text text NOT NULL,
    fingerprint text COLLATE "C" NOT NULL,
    source_refs json NOT NULL,
    artifact_refs json NOT NULL,
    written_revision bigint NOT NULL
  );
  CREATE TABLE entry_change (
    scope_id text COLLATE "C" NOT NULL,
    entry_id text COLLATE "C" NOT NULL,
    revision bigint NOT NULL,
    op text NOT NULL,
    from_version_id text COLLATE "C",
    to_version_id text COLLATE "C",
    reason text,
    PRIMARY KEY (scope_id, entry_id, revision)
  );
  CREATE INDEX entry_change_by_revision ON entry_change (scope_id, revision, entry_id);
  CREATE TABLE entry_head (
    key bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scope_id text COLLATE "C" NOT NULL,
    entry_id text COLLATE "C" NOT NULL,
    entry_version_id text COLLATE "C" NOT NULL,
    state text NOT NULL,
    last_revision bigint NOT NULL,
    fingerprint text COLLATE "C" NOT NULL,
    search_vector tsvector,
    term_count integer NOT NULL DEFAULT 0,
    UNIQUE (scope_id, entry_id)
  );
  CREATE INDEX entry_head_fingerprint ON entry_head (scope_id, fingerprint) WHERE state = 'active';
  CREATE INDEX entry_head_search ON entry_head USING gin (search_vector) WHERE state = 'active';
  CREATE TABLE term_stat (
    scope_id text COLLATE "C" NOT NULL,
    term text COLLATE "C" NOT NULL,
    entries bigint NOT NULL,
    PRIMARY KEY (scope_id, term)
  );
  `,
  // 2: the review inbox for Memory candidates, and daily recall statistics.
  `
  CREATE TABLE memory_candidate (
    scope_id text COLLATE "C" NOT NULL,
    candidate_id text COLLATE "C" NOT NULL,
    version integer NOT NULL,
    status text NOT NULL,
    kind text NOT NULL,
    text text NOT NULL,
    confidence double precision NOT NULL,
    extractor text NOT NULL,
    source_refs json NOT NULL,
    reviewer text,
    decision_reason text,
    result json,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    PRIMARY KEY (scope_id, candidate_id)
  );
  CREATE INDEX memory_candidate_by_status ON memory_candidate (scope_id, status, candidate_id);
  CREATE TABLE candidate_version (
    scope_id text COLLATE "C" NOT NULL,
    candidate_id text COLLATE "C" NOT NULL,
    version integer NOT NULL,
    kind text NOT NULL,
    text text NOT NULL,
    reason text,
    created_at text NOT NULL,
    PRIMARY KEY (scope_id, candidate_id, version)
  );
  CREATE TABLE recall_daily (
    scope_id text COLLATE "C" NOT NULL,
    date text COLLATE "C" NOT NULL,
    preparations bigint NOT NULL,
    ready_preparations bigint NOT NULL,
    comparable_preparations bigint NOT NULL,
    baseline_tokens bigint NOT NULL,
    recalled_tokens bigint NOT NULL,
    PRIMARY KEY (scope_id, date)
  );
  `,
  // 3: Handoff revisions, the handoff activation cursor and daily model usage (the ContinuityStore).
  `
  CREATE TABLE handoff_revision (
    scope_id text COLLATE "C" NOT NULL,
    revision bigint NOT NULL,
    content json NOT NULL,
    content_key text COLLATE "C" NOT NULL,
    committed_at text NOT NULL,
    PRIMARY KEY (scope_id, revision)
  );
  CREATE TABLE handoff_cursor (
    scope_id text COLLATE "C" PRIMARY KEY,
    position bigint NOT NULL
  );
  CREATE TABLE model_usage_daily (
    scope_id text COLLATE "C" NOT NULL,
    date text COLLATE "C" NOT NULL,
    purpose text COLLATE "C" NOT NULL,
    kind text COLLATE "C" NOT NULL,
    requests bigint NOT NULL,
    input_tokens bigint,
    output_tokens bigint,
    PRIMARY KEY (scope_id, date, purpose, kind)
  );
  `,
  // 4: search pruning bounds (see search-bounds.ts). term_repeat: for each term some active entry held more than once,
  // the most times any did (never lowered, so an upper bound; absent means 1), kept by a trigger so that the write
  // statements stay as they were. entry_head_length: the scope's shortest active entry, read from the index.
  `
  CREATE TABLE term_repeat (
    scope_id text COLLATE "C" NOT NULL,
    term text COLLATE "C" NOT NULL,
    max_tf integer NOT NULL,
    PRIMARY KEY (scope_id, term)
  );
  INSERT INTO term_repeat (scope_id, term, max_tf)
  SELECT h.scope_id, t.lexeme, max(cardinality(t.positions))
  FROM entry_head h, unnest(h.search_vector) AS t
  WHERE h.state = 'active' AND cardinality(t.positions) > 1
  GROUP BY h.scope_id, t.lexeme;
  CREATE FUNCTION note_term_repeats() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    INSERT INTO term_repeat (scope_id, term, max_tf)
    SELECT NEW.scope_id, t.lexeme, cardinality(t.positions) FROM unnest(NEW.search_vector) AS t
    WHERE cardinality(t.positions) > 1
    ON CONFLICT (scope_id, term) DO UPDATE SET max_tf = excluded.max_tf WHERE term_repeat.max_tf < excluded.max_tf;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER entry_head_term_repeats AFTER INSERT OR UPDATE OF search_vector ON entry_head
    FOR EACH ROW WHEN (NEW.search_vector IS NOT NULL) EXECUTE FUNCTION note_term_repeats();
  CREATE INDEX entry_head_length ON entry_head (scope_id, term_count) WHERE state = 'active';
  `,
  // 5: entry vectors for semantic search, derived from each entry version's text by the named model (rewritten when the
  // model changes), and the head's revision index that lets the vector index read only what changed.
  `
  CREATE TABLE entry_vector (
    entry_version_id text COLLATE "C" PRIMARY KEY,
    scope_id text COLLATE "C" NOT NULL,
    model text COLLATE "C" NOT NULL,
    vector bytea NOT NULL
  );
  CREATE INDEX entry_head_by_revision ON entry_head (scope_id, last_revision);
  `,
  // 6: one vector per entry version and model, so that the built-in model's and an embeddings endpoint's vectors are
  // kept side by side (the primary key was the version alone, so storing one model's vector replaced the other's).
  // The existing vectors are kept.
  `
  ALTER TABLE entry_vector DROP CONSTRAINT entry_vector_pkey;
  ALTER TABLE entry_vector ADD PRIMARY KEY (entry_version_id, model);
  `,
  // Handoff Reports: the Report catalog (Projects, Workstreams grouping scopes, Workspace bindings) and untrusted
  // activity observations. Descriptors are stored whole as JSON text beside the columns that are searched or checked;
  // an identity column keeps activity cursors from being reused after a purge.
  `
  CREATE TABLE report_project (
    project_id text COLLATE "C" PRIMARY KEY,
    project_key text COLLATE "C" NOT NULL UNIQUE,
    catalog_state text NOT NULL,
    version bigint NOT NULL,
    descriptor text NOT NULL
  );
  CREATE TABLE report_workstream (
    scope_id text COLLATE "C" PRIMARY KEY,
    project_id text COLLATE "C" NOT NULL,
    key text COLLATE "C",
    catalog_state text NOT NULL,
    version bigint NOT NULL,
    descriptor text NOT NULL
  );
  CREATE UNIQUE INDEX report_workstream_key ON report_workstream (project_id, key) WHERE key IS NOT NULL;
  CREATE INDEX report_workstream_by_project ON report_workstream (project_id, scope_id);
  CREATE TABLE report_activity (
    position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project_id text COLLATE "C" NOT NULL,
    source text COLLATE "C" NOT NULL,
    source_event_id text COLLATE "C" NOT NULL,
    content_key text NOT NULL,
    observed_at text COLLATE "C" NOT NULL,
    effective_at text COLLATE "C",
    event text NOT NULL,
    UNIQUE (project_id, source, source_event_id)
  );
  CREATE INDEX report_activity_by_project ON report_activity (project_id, position);
  CREATE TABLE report_workspace_binding (
    workspace_instance_id text COLLATE "C" PRIMARY KEY,
    version bigint NOT NULL,
    binding text NOT NULL
  );
  `,
  // artifacts (issue 19, appended by the artifacts branch): Experience and managed Skill candidates as their wire JSON,
  // every proposal version kept, and the immutable artifact revisions with their lineage; is_head marks the latest
  // revision of each artifact (Experience recall reads only heads).
  `
  CREATE TABLE artifact_candidate (
    scope_id text COLLATE "C" NOT NULL,
    candidate_id text COLLATE "C" NOT NULL,
    version integer NOT NULL,
    family text COLLATE "C" NOT NULL,
    status text COLLATE "C" NOT NULL,
    body text NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    PRIMARY KEY (scope_id, candidate_id)
  );
  CREATE INDEX artifact_candidate_by_status ON artifact_candidate (scope_id, status, candidate_id);
  CREATE TABLE artifact_candidate_version (
    scope_id text COLLATE "C" NOT NULL,
    candidate_id text COLLATE "C" NOT NULL,
    version integer NOT NULL,
    body text NOT NULL,
    created_at text NOT NULL,
    PRIMARY KEY (scope_id, candidate_id, version)
  );
  CREATE TABLE artifact_revision (
    scope_id text COLLATE "C" NOT NULL,
    family text COLLATE "C" NOT NULL,
    artifact_id text COLLATE "C" NOT NULL,
    revision integer NOT NULL,
    content text NOT NULL,
    source_refs text NOT NULL,
    artifact_refs text NOT NULL,
    candidate_id text COLLATE "C" NOT NULL,
    search_text text,
    is_head boolean NOT NULL,
    created_at text NOT NULL,
    PRIMARY KEY (scope_id, family, artifact_id, revision)
  );
  CREATE INDEX artifact_revision_heads ON artifact_revision (scope_id, family, is_head, created_at);
  `,
  // Data lifecycle family: the audit record each purge leaves (who was purged, when, how many rows; never the text).
  `
  CREATE TABLE purge_audit (
    audit_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scope_id text COLLATE "C" NOT NULL,
    target text NOT NULL,
    target_id text COLLATE "C" NOT NULL,
    purged_at text NOT NULL,
    removed json NOT NULL
  );
  CREATE INDEX purge_audit_by_scope ON purge_audit (scope_id, audit_id);
  `,
  // Dashboard (issue 21): the recall trend's items and bytes per day (earlier days read 0); the index that finds a
  // scope's latest candidate change without reading every candidate (the scopes page's last activity) and the one that
  // lists a scope's entry kinds without joining its whole head (the Memory page's kind filter).
  `
  ALTER TABLE recall_daily ADD COLUMN recalled_items bigint NOT NULL DEFAULT 0;
  ALTER TABLE recall_daily ADD COLUMN recalled_bytes bigint NOT NULL DEFAULT 0;
  CREATE INDEX memory_candidate_by_update ON memory_candidate (scope_id, updated_at);
  CREATE INDEX entry_version_kinds ON entry_version (scope_id, kind);
  `,
  // Session origins: for each entry version, the journal position and session of each Source it cites whose metadata
  // names a session (a string session_id), keyed so that "this scope's session, around this position" is one range of
  // the primary key. Recall reads the entries captured near a matched turn of a chat session through it
  // (session-neighbours.ts); writes keep it in step (origin-index.ts). Existing entry versions are backfilled, except
  // where the JSON holds U+0000 (PostgreSQL's JSON operators refuse to read it, and a migration must not fail) or the
  // text codec's marker U+FFFF (SQL cannot encode a session as the codec would; see text-codec.ts).
  `
  CREATE TABLE entry_origin (
    scope_id text COLLATE "C" NOT NULL,
    session_id text COLLATE "C" NOT NULL,
    position bigint NOT NULL,
    entry_version_id text COLLATE "C" NOT NULL,
    PRIMARY KEY (scope_id, session_id, position, entry_version_id)
  );
  INSERT INTO entry_origin (scope_id, session_id, position, entry_version_id)
  SELECT DISTINCT v.scope_id, s.metadata ->> 'session_id', s.position, v.entry_version_id
  FROM entry_version v
  CROSS JOIN LATERAL json_array_elements(
    CASE WHEN strpos(v.source_refs::text, '\\u0000') = 0 THEN v.source_refs ELSE '[]' END
  ) AS r(ref)
  JOIN source s ON s.scope_id = v.scope_id AND s.source_id = r.ref ->> 'source_id'
  WHERE CASE
    WHEN strpos(s.metadata::text, '\\u0000') > 0 OR strpos(s.metadata::text, U&'\\FFFF') > 0 THEN false
    ELSE json_typeof(s.metadata -> 'session_id') = 'string'
  END;
  `,
  // The stream of captures that name no session: entry_origin also indexes the entry versions citing a Source without
  // a string session_id, under the empty session (UNNAMED_SESSION in store/types/search.ts), so that recall reads the
  // turns around a match of a client that captures chat turns without naming sessions. Existing entry versions are
  // backfilled, with the same exceptions as above.
  `
  INSERT INTO entry_origin (scope_id, session_id, position, entry_version_id)
  SELECT DISTINCT v.scope_id, '', s.position, v.entry_version_id
  FROM entry_version v
  CROSS JOIN LATERAL json_array_elements(
    CASE WHEN strpos(v.source_refs::text, '\\u0000') = 0 THEN v.source_refs ELSE '[]' END
  ) AS r(ref)
  JOIN source s ON s.scope_id = v.scope_id AND s.source_id = r.ref ->> 'source_id'
  WHERE CASE
    WHEN strpos(s.metadata::text, '\\u0000') > 0 OR strpos(s.metadata::text, U&'\\FFFF') > 0 THEN false
    ELSE json_typeof(s.metadata -> 'session_id') IS DISTINCT FROM 'string'
  END
  ON CONFLICT DO NOTHING;
  `,
];
