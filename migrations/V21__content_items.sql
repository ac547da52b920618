-- The operator's content items (src/content/items) and their pictures (src/content/pictures):
-- home banners, activities (pages/events/index, details), help articles (pages/events/helplist,
-- helpdetail) and named pages (pages/jogos/about-us?page=<slug>), managed with
-- `fairhall admin content`.

-- A picture the operator uploaded (`admin content picture add`), checked by content and stored
-- in <data_dir>/content/<file_name>; the name is the SHA-256 of the bytes, so the same
-- picture is stored once and its URL (media/content/<file_name>) never changes.
CREATE TABLE content_pictures (
    picture_id  INTEGER PRIMARY KEY,
    file_name   TEXT NOT NULL UNIQUE CHECK (length(file_name) BETWEEN 68 AND 69),
    size_bytes  INTEGER NOT NULL CHECK (size_bytes > 0),
    created_at  INTEGER NOT NULL
);

CREATE TABLE content_items (
    item_id     INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('banner', 'activity', 'help', 'page')),
    -- A page's name in its address (about-us, privacy, ...); only pages have one.
    slug        TEXT CHECK (slug IS NULL OR length(slug) BETWEEN 1 AND 64),
    -- A banner's picture (required) or an activity's (optional).
    picture_id  INTEGER REFERENCES content_pictures(picture_id),
    -- Where a banner leads: an app route (/pages/vip/index) or an https URL.
    link        TEXT,
    -- The operator's order, lowest first, then by id.
    position    INTEGER NOT NULL DEFAULT 0,
    -- A page's version (agreements are versioned), shown on the page.
    version     TEXT,
    -- Players see the item from start_at (when set) until before end_at (when set).
    start_at    INTEGER,
    end_at      INTEGER,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    -- When the operator deleted it: players never see it again; the row stays as a record.
    removed_at  INTEGER,
    CHECK ((kind = 'page') = (slug IS NOT NULL)),
    CHECK (kind <> 'banner' OR picture_id IS NOT NULL),
    CHECK (start_at IS NULL OR end_at IS NULL OR end_at > start_at)
);
-- One live page per slug.
CREATE UNIQUE INDEX content_items_slug ON content_items(slug)
    WHERE slug IS NOT NULL AND removed_at IS NULL;
CREATE INDEX content_items_listing ON content_items(kind, position, item_id)
    WHERE removed_at IS NULL;

-- An item's text in one language (config::LANGUAGES). A reader gets his language's text,
-- else the operator's default language's, else the item is not shown to him.
CREATE TABLE content_texts (
    item_id     INTEGER NOT NULL REFERENCES content_items(item_id),
    lang        TEXT NOT NULL CHECK (length(lang) = 2),
    title       TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
    -- One line of plain text for lists (activities, help); '' for banners.
    summary     TEXT NOT NULL DEFAULT '',
    -- HTML sanitized when stored (content::rich_text); '' for banners.
    body        TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (item_id, lang)
) WITHOUT ROWID;
