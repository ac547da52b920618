-- The operator's reports (growth::report, `fairhall admin report`) read each day's entries by
-- their created time; without this index a one-day report scans the whole journal. Entries
-- are appended in time order, so each insert lands at the index's right edge.
CREATE INDEX entries_created ON entries(created_at);
