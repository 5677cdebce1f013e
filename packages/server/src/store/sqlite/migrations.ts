// The position in this list is the schema version (PRAGMA user_version). Append only; never edit a shipped entry.
export const MIGRATIONS: readonly string[] = [
  // 1: journal, cursors, Memory revisions with immutable entry versions, full-text index over the active head.
  `
  CREATE TABLE scope_state (
    scope_id TEXT PRIMARY KEY,
    scope_key INTEGER NOT NULL UNIQUE,
    high_watermark INTEGER NOT NULL DEFAULT 0,
    memory_cursor INTEGER NOT NULL DEFAULT 0,
    memory_revision INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  CREATE TABLE source (
    scope_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    source_id TEXT NOT NULL,
    content TEXT NOT NULL,
    metadata TEXT NOT NULL,
    payload_digest TEXT NOT NULL,
    redaction_count INTEGER NOT NULL,
    captured_at TEXT NOT NULL,
    PRIMARY KEY (scope_id, position),
    UNIQUE (scope_id, source_id)
  ) STRICT;
  CREATE TABLE memory_revision (
    scope_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (scope_id, revision)
  ) STRICT;
  CREATE TABLE entry_version (
    entry_version_id TEXT PRIMARY KEY,
    scope_id TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    search_text TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    source_refs TEXT NOT NULL,
    artifact_refs TEXT NOT NULL,
    written_revision INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE entry_change (
    scope_id TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    op TEXT NOT NULL,
    from_version_id TEXT,
    to_version_id TEXT,
    reason TEXT,
    PRIMARY KEY (scope_id, entry_id, revision)
  ) STRICT;
  CREATE INDEX entry_change_by_revision ON entry_change (scope_id, revision, entry_id);
  CREATE TABLE entry_head (
    key INTEGER PRIMARY KEY,
    scope_id TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    entry_version_id TEXT NOT NULL,
    state TEXT NOT NULL,
    last_revision INTEGER NOT NULL,
    fingerprint TEXT NOT NULL,
    UNIQUE (scope_id, entry_id)
  ) STRICT;
  CREATE INDEX entry_head_fingerprint ON entry_head (scope_id, fingerprint) WHERE state = 'active';
  CREATE VIRTUAL TABLE entry_fts USING fts5(scope_key, body, tokenize = 'unicode61 remove_diacritics 0');
  CREATE VIRTUAL TABLE entry_vocab USING fts5vocab(entry_fts, row);
  `,
  // 2: the review inbox for Memory candidates, and daily recall statistics.
  `
  CREATE TABLE memory_candidate (
    scope_id TEXT NOT NULL,
    candidate_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    status TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    confidence REAL NOT NULL,
    extractor TEXT NOT NULL,
    source_refs TEXT NOT NULL,
    reviewer TEXT,
    decision_reason TEXT,
    result TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (scope_id, candidate_id)
  ) STRICT;
  CREATE INDEX memory_candidate_by_status ON memory_candidate (scope_id, status, candidate_id);
  CREATE TABLE candidate_version (
    scope_id TEXT NOT NULL,
    candidate_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    reason TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (scope_id, candidate_id, version)
  ) STRICT;
  CREATE TABLE recall_daily (
    scope_id TEXT NOT NULL,
    date TEXT NOT NULL,
    preparations INTEGER NOT NULL,
    ready_preparations INTEGER NOT NULL,
    comparable_preparations INTEGER NOT NULL,
    baseline_tokens INTEGER NOT NULL,
    recalled_tokens INTEGER NOT NULL,
    PRIMARY KEY (scope_id, date)
  ) STRICT;
  `,
  // 3: Handoff revisions, the handoff activation cursor and daily model usage (the ContinuityStore).
  `
  CREATE TABLE handoff_revision (
    scope_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    content TEXT NOT NULL,
    content_key TEXT NOT NULL,
    committed_at TEXT NOT NULL,
    PRIMARY KEY (scope_id, revision)
  ) STRICT;
  CREATE TABLE handoff_cursor (
    scope_id TEXT PRIMARY KEY,
    position INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE model_usage_daily (
    scope_id TEXT NOT NULL,
    date TEXT NOT NULL,
    purpose TEXT NOT NULL,
    kind TEXT NOT NULL,
    requests INTEGER NOT NULL,
    input_tokens INTEGER,
    output_tokens INTEGER,
    PRIMARY KEY (scope_id, date, purpose, kind)
  ) STRICT;
  `,
  // 4: entry vectors for semantic search, derived from each entry version's text by the named model (rewritten when the
  // model changes), and the head's revision index that lets the vector index read only what changed.
  `
  CREATE TABLE entry_vector (
    entry_version_id TEXT PRIMARY KEY,
    scope_id TEXT NOT NULL,
    model TEXT NOT NULL,
    vector BLOB NOT NULL
  ) STRICT;
  CREATE INDEX entry_head_by_revision ON entry_head (scope_id, last_revision);
  `,
  // 5: one vector per entry version and model, so that the built-in model's and an embeddings endpoint's vectors are
  // kept side by side (the primary key was the version alone, so storing one model's vector replaced the other's).
  // The existing vectors are kept.
  `
  CREATE TABLE entry_vector_by_model (
    entry_version_id TEXT NOT NULL,
    scope_id TEXT NOT NULL,
    model TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (entry_version_id, model)
  ) STRICT;
  INSERT INTO entry_vector_by_model (entry_version_id, scope_id, model, vector)
    SELECT entry_version_id, scope_id, model, vector FROM entry_vector;
  DROP TABLE entry_vector;
  ALTER TABLE entry_vector_by_model RENAME TO entry_vector;
  `,
  // Handoff Reports: the Report catalog (Projects, Workstreams grouping scopes, Workspace bindings) and untrusted
  // activity observations. Descriptors are stored whole as JSON beside the columns that are searched or checked;
  // AUTOINCREMENT keeps activity cursors from being reused after a purge.
  `
  CREATE TABLE report_project (
    project_id TEXT PRIMARY KEY,
    project_key TEXT NOT NULL UNIQUE,
    catalog_state TEXT NOT NULL,
    version INTEGER NOT NULL,
    descriptor TEXT NOT NULL
  ) STRICT;
  CREATE TABLE report_workstream (
    scope_id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    key TEXT,
    catalog_state TEXT NOT NULL,
    version INTEGER NOT NULL,
    descriptor TEXT NOT NULL
  ) STRICT;
  CREATE UNIQUE INDEX report_workstream_key ON report_workstream (project_id, key) WHERE key IS NOT NULL;
  CREATE INDEX report_workstream_by_project ON report_workstream (project_id, scope_id);
  CREATE TABLE report_activity (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id TEXT NOT NULL,
    source TEXT NOT NULL,
    source_event_id TEXT NOT NULL,
    content_key TEXT NOT NULL,
    observed_at TEXT NOT NULL,
    effective_at TEXT,
    event TEXT NOT NULL,
    UNIQUE (project_id, source, source_event_id)
  ) STRICT;
  CREATE INDEX report_activity_by_project ON report_activity (project_id, position);
  CREATE TABLE report_workspace_binding (
    workspace_instance_id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    binding TEXT NOT NULL
  ) STRICT;
  `,
  // artifacts (issue 19, appended by the artifacts branch): Experience and managed Skill candidates as their wire JSON,
  // every proposal version kept, and the immutable artifact revisions with their lineage; is_head marks the latest
  // revision of each artifact (Experience recall reads only heads).
  `
  CREATE TABLE artifact_candidate (
    scope_id TEXT NOT NULL,
    candidate_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    family TEXT NOT NULL,
    status TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (scope_id, candidate_id)
  ) STRICT;
  CREATE INDEX artifact_candidate_by_status ON artifact_candidate (scope_id, status, candidate_id);
  CREATE TABLE artifact_candidate_version (
    scope_id TEXT NOT NULL,
    candidate_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (scope_id, candidate_id, version)
  ) STRICT;
  CREATE TABLE artifact_revision (
    scope_id TEXT NOT NULL,
    family TEXT NOT NULL,
    artifact_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    content TEXT NOT NULL,
    source_refs TEXT NOT NULL,
    artifact_refs TEXT NOT NULL,
    candidate_id TEXT NOT NULL,
    search_text TEXT,
    is_head INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (scope_id, family, artifact_id, revision)
  ) STRICT;
  CREATE INDEX artifact_revision_heads ON artifact_revision (scope_id, family, is_head, created_at);
  `,
  // Data lifecycle family: the audit record each purge leaves (who was purged, when, how many rows; never the text).
  `
  CREATE TABLE purge_audit (
    audit_id INTEGER PRIMARY KEY AUTOINCREMENT,
    scope_id TEXT NOT NULL,
    target TEXT NOT NULL,
    target_id TEXT NOT NULL,
    purged_at TEXT NOT NULL,
    removed TEXT NOT NULL
  ) STRICT;
  CREATE INDEX purge_audit_by_scope ON purge_audit (scope_id, audit_id);
  `,
  // Dashboard (issue 21): the recall trend's items and bytes per day (earlier days read 0); the index that finds a
  // scope's latest candidate change without reading every candidate (the scopes page's last activity) and the one that
  // lists a scope's entry kinds without joining its whole head (the Memory page's kind filter).
  `
  ALTER TABLE recall_daily ADD COLUMN recalled_items INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE recall_daily ADD COLUMN recalled_bytes INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX memory_candidate_by_update ON memory_candidate (scope_id, updated_at);
  CREATE INDEX entry_version_kinds ON entry_version (scope_id, kind);
  `,
  // Session origins: for each entry version, the journal position and session of each Source it cites whose metadata
  // names a session (a string session_id), keyed so that "this scope's session, around this position" is one range of
  // the primary key. Recall reads the entries captured near a matched turn of a chat session through it
  // (session-neighbours.ts); writes keep it in step (origin-index.ts). Existing entry versions are backfilled.
  `
  CREATE TABLE entry_origin (
    scope_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    entry_version_id TEXT NOT NULL,
    PRIMARY KEY (scope_id, session_id, position, entry_version_id)
  ) STRICT, WITHOUT ROWID;
  INSERT INTO entry_origin (scope_id, session_id, position, entry_version_id)
    SELECT DISTINCT v.scope_id, json_extract(s.metadata, '$.session_id'), s.position, v.entry_version_id
    FROM entry_version v
    CROSS JOIN json_each(v.source_refs) AS r
    CROSS JOIN source s ON s.scope_id = v.scope_id AND s.source_id = json_extract(r.value, '$.source_id')
    WHERE json_type(s.metadata, '$.session_id') = 'text';
  `,
  // The stream of captures that name no session: entry_origin also indexes the entry versions citing a Source without
  // a string session_id, under the empty session (UNNAMED_SESSION in store/types/search.ts, SESSION_KEY in
  // origin-index.ts), so that recall reads the turns around a match of a client that captures chat turns without
  // naming sessions. Existing entry versions are backfilled.
  `
  INSERT OR IGNORE INTO entry_origin (scope_id, session_id, position, entry_version_id)
    SELECT DISTINCT v.scope_id, '', s.position, v.entry_version_id
    FROM entry_version v
    CROSS JOIN json_each(v.source_refs) AS r
    CROSS JOIN source s ON s.scope_id = v.scope_id AND s.source_id = json_extract(r.value, '$.source_id')
    WHERE json_type(s.metadata, '$.session_id') IS NOT 'text';
  `,
];
