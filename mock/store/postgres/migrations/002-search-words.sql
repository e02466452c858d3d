-- Search by the words of the search text. The trigram index over whole texts finds a common name's
-- thousands of contacts, but the search must then read each of their rows (to recheck and count
-- them): at a million contacts that was most of a search's time. A needle of three or more
-- characters with no space in it can only lie inside one word (a run of text between spaces and
-- field separators), so such a search finds the few distinct words that hold the needle, then
-- reads their contacts from one covering index, never from the contacts' rows. Other needles keep
-- the trigram index (see search-queries.ts).

-- Every word any contact's search text has held (kept when no contact holds it any longer: it then
-- finds nobody, and a reset empties it).
CREATE TABLE search_words (
  word text COLLATE "C" PRIMARY KEY
);
CREATE INDEX search_words_trigrams ON search_words USING gin (word gin_trgm_ops);

-- One row per contact and word of its search text, with what a search filters and orders by.
CREATE TABLE contact_words (
  word text COLLATE "C" NOT NULL,
  org_id text COLLATE "C" NOT NULL,
  deleted boolean NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  contact_id text COLLATE "C" NOT NULL
);
CREATE INDEX contact_words_match ON contact_words (word, org_id, deleted, created_at, contact_id);

-- The words of a stored search text: SOH stands between fields, a space between words.
CREATE FUNCTION search_words_of(search text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT DISTINCT word FROM unnest(string_to_array(translate(search, chr(1), ' '), ' ')) AS word
        WHERE word <> '' $$;

-- The words follow the contacts in the writes' own transactions, whatever statement changed them.
-- New words go in sorted, so that two writes adding the same new words cannot wait on each other.
CREATE FUNCTION add_contact_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM added, search_words_of(added.search) AS word ORDER BY word
    ON CONFLICT DO NOTHING;
  INSERT INTO contact_words (word, org_id, deleted, created_at, contact_id)
    SELECT word, added.org_id, added.deleted_at IS NOT NULL, added.created_at, added.id
    FROM added, search_words_of(added.search) AS word;
  RETURN NULL;
END $$;

CREATE FUNCTION remove_contact_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_words AS cw
    USING removed, search_words_of(removed.search) AS w(word)
    WHERE cw.word = w.word AND cw.org_id = removed.org_id
      AND cw.deleted = (removed.deleted_at IS NOT NULL) AND cw.created_at = removed.created_at
      AND cw.contact_id = removed.id;
  RETURN NULL;
END $$;

CREATE TRIGGER contact_words_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION add_contact_words();
CREATE TRIGGER contact_words_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION remove_contact_words();
-- An update is the old words removed, then the new ones added: two triggers, in name order.
CREATE TRIGGER contact_words_update_1 AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION remove_contact_words();
CREATE TRIGGER contact_words_update_2 AFTER UPDATE ON contacts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION add_contact_words();

-- Emptied with the contacts (a reset, a restored snapshot), also by an instance that predates them.
CREATE FUNCTION clear_contact_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE contact_words, search_words;
  RETURN NULL;
END $$;
CREATE TRIGGER contact_words_truncate AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION clear_contact_words();

-- The contacts already stored get their words now.
INSERT INTO search_words (word)
  SELECT DISTINCT word FROM contacts, search_words_of(contacts.search) AS word;
INSERT INTO contact_words (word, org_id, deleted, created_at, contact_id)
  SELECT word, org_id, deleted_at IS NOT NULL, created_at, id
  FROM contacts, search_words_of(contacts.search) AS word;
