-- News articles the operator publishes with `fairhall admin news` (src/content): shown to
-- players on pages/yn28/news through api/news/index and api/news/detail.
CREATE TABLE news_articles (
    article_id    INTEGER PRIMARY KEY,
    -- A language code of the app (config::LANGUAGES): only readers of that language see it.
    -- NULL: every language.
    lang          TEXT CHECK (lang IS NULL OR length(lang) = 2),
    -- Plain text, never HTML; lengths in characters (content::types).
    title         TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
    body          TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
    -- Pinned articles come first in the list, each group newest first.
    pinned        INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
    -- Players see an article from this Unix time on (the operator may schedule or backdate).
    published_at  INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    -- When the operator removed it: players never see it again; the row stays as a record.
    removed_at    INTEGER,
    CHECK (updated_at >= created_at)
);
CREATE INDEX news_articles_listing ON news_articles(pinned DESC, published_at DESC, article_id DESC)
    WHERE removed_at IS NULL;
