-- The first schema of the PostgreSQL store. Records are kept whole in a `json` column (not jsonb:
-- json keeps the text as written, so a record reads back with its keys in the same order as from
-- the file store); the columns beside it are what the queries filter and order by. Ids and times
-- compare byte by byte (COLLATE "C"), as JavaScript compares the strings in the file store.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- version and relationship_types: what a data file holds besides its collections
CREATE TABLE meta (
  id integer PRIMARY KEY CHECK (id = 1),
  doc json NOT NULL
);

CREATE TABLE orgs (
  id text COLLATE "C" PRIMARY KEY,
  seq bigserial NOT NULL,
  doc json NOT NULL
);

CREATE TABLE users (
  id text COLLATE "C" PRIMARY KEY,
  seq bigserial NOT NULL,
  token text COLLATE "C" NOT NULL,
  email_key text NOT NULL,
  org_ids text[] NOT NULL,
  doc json NOT NULL
);
CREATE INDEX users_token ON users (token);
CREATE INDEX users_email_key ON users (email_key);
CREATE INDEX users_org_ids ON users USING gin (org_ids);

CREATE TABLE contacts (
  id text COLLATE "C" PRIMARY KEY,
  seq bigserial NOT NULL,
  org_id text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  deleted_at text,
  -- searchTextOf() of the record, computed in JavaScript so both stores match the same way
  search text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX contacts_list ON contacts (org_id, created_at, id);
CREATE INDEX contacts_active_list ON contacts (org_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX contacts_search ON contacts USING gin (search gin_trgm_ops);

-- Counting a million rows for every list page would cost more than the page: the counts are kept
-- by the writes, in the writes' transactions.
CREATE TABLE contact_counts (
  org_id text COLLATE "C" PRIMARY KEY,
  total bigint NOT NULL,
  active bigint NOT NULL
);

CREATE TABLE user_relationships (
  id text COLLATE "C" PRIMARY KEY,
  seq bigserial NOT NULL,
  org_id text COLLATE "C" NOT NULL,
  user_id text COLLATE "C" NOT NULL,
  contact_id text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  deleted_at text,
  doc json NOT NULL
);
CREATE INDEX user_relationships_list ON user_relationships (org_id, user_id, created_at, id);
CREATE INDEX user_relationships_contact ON user_relationships (contact_id);

-- Login tokens are shared: a token from one instance is good on every other.
CREATE TABLE sessions (
  token text COLLATE "C" PRIMARY KEY,
  user_id text NOT NULL,
  expires_at text
);

-- Named snapshots live in the database, so every instance lists and restores the same ones.
CREATE TABLE named_snapshots (
  name text COLLATE "C" PRIMARY KEY,
  saved_at text NOT NULL,
  bytes integer NOT NULL,
  data text NOT NULL
);
