-- Each yn28 region derives a, b, c from its own keno draw, so GAMES.md's "2.0" odds of some
-- sums return 99 % or more of the stake in a region (china's sum 27 returned 100.70 %: a bet
-- players win on, and no reward programme could run on top of it). Those sums pay the largest
-- odds (to 0.1, or to 1 from 100) that return at most 99 % in the region
-- (`games::rules::yn28::REGION_SUM_ODDS`, which a test pins to this; docs/programmes.md).
-- The rooms take a new rule version: a bet placed before settles at the odds it was placed at.
UPDATE rooms SET
    odds_json = json_set(odds_json,
           '$.odds.sum_8', '21.9',
           '$.odds.sum_11', '14.3',
           '$.odds.sum_13', '13.1',
           '$.odds.sum_14', '13.1',
           '$.odds.sum_16', '14.3',
           '$.odds.sum_19', '21.9'),
    rule_version = rule_version + 1
    WHERE draw_source = 'canada';
UPDATE rooms SET
    odds_json = json_set(odds_json,
           '$.odds.sum_0', '997',
           '$.odds.sum_11', '14.3',
           '$.odds.sum_14', '13.1',
           '$.odds.sum_16', '14.3',
           '$.odds.sum_18', '17.9',
           '$.odds.sum_19', '21.9',
           '$.odds.sum_27', '983'),
    rule_version = rule_version + 1
    WHERE draw_source = 'china';
UPDATE rooms SET
    odds_json = json_set(odds_json,
           '$.odds.sum_0', '992',
           '$.odds.sum_6', '34.9',
           '$.odds.sum_8', '21.8',
           '$.odds.sum_9', '17.8',
           '$.odds.sum_10', '15.6',
           '$.odds.sum_11', '14.2',
           '$.odds.sum_13', '13.1',
           '$.odds.sum_14', '13.1'),
    rule_version = rule_version + 1
    WHERE draw_source = 'usa';
INSERT INTO room_rule_versions (room, rule_version, odds_json, rules_json, created_at)
SELECT room, rule_version, odds_json, rules_json, CAST(strftime('%s', 'now') AS INTEGER)
FROM rooms WHERE game = 'yn28';
