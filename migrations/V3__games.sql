-- Games: rooms with their settings, the seed chains' public commitments and the draws.
-- The secret end of each chain lives in `<data_dir>/chains.key`, never in this database.

-- A room players bet in (GAMES.md "Codes"). yn28 tier rooms share their region's draw
-- source; every room of one draw source has the same period.
CREATE TABLE rooms (
    room           TEXT PRIMARY KEY,
    game           TEXT NOT NULL CHECK (game IN ('k3', 'pk10', 'ssc', 'rgb', 'yn28')),
    draw_source    TEXT NOT NULL,
    period_secs    INTEGER NOT NULL CHECK (period_secs >= 10),
    close_secs     INTEGER NOT NULL CHECK (close_secs >= 0 AND close_secs < period_secs),
    is_open        INTEGER NOT NULL DEFAULT 1 CHECK (is_open IN (0, 1)),
    -- Minimum game balance to enter, in minor units (yn28 tiers).
    entry_min      INTEGER NOT NULL DEFAULT 0 CHECK (entry_min >= 0),
    -- `games::OddsTable` and `games::GameRules` as JSON; bets record `rule_version`.
    odds_json      TEXT NOT NULL,
    rules_json     TEXT NOT NULL,
    rule_version   INTEGER NOT NULL DEFAULT 1 CHECK (rule_version >= 1)
);
CREATE INDEX rooms_draw_source ON rooms(draw_source);

-- The defaults of GAMES.md as of this migration (a unit test pins them to the Rust defaults).
WITH game_defaults(game, odds_json, rules_json) AS (VALUES
('k3', '{"game":"k3","odds":{"sum_3":"189","sum_4":"63","sum_5":"31.5","sum_6":"18.9","sum_7":"12.6","sum_8":"9","sum_9":"7.65","sum_10":"7","sum_11":"7","sum_12":"7.65","sum_13":"9","sum_14":"12.6","sum_15":"18.9","sum_16":"31.5","sum_17":"63","sum_18":"189","big":"1.95","small":"1.95","odd":"1.95","even":"1.95","triple_any":"31.5","triple_1":"189","triple_2":"189","triple_3":"189","triple_4":"189","triple_5":"189","triple_6":"189","pair_1":"12.6","pair_2":"12.6","pair_3":"12.6","pair_4":"12.6","pair_5":"12.6","pair_6":"12.6","pair_1_single_2":"63","pair_1_single_3":"63","pair_1_single_4":"63","pair_1_single_5":"63","pair_1_single_6":"63","pair_2_single_1":"63","pair_2_single_3":"63","pair_2_single_4":"63","pair_2_single_5":"63","pair_2_single_6":"63","pair_3_single_1":"63","pair_3_single_2":"63","pair_3_single_4":"63","pair_3_single_5":"63","pair_3_single_6":"63","pair_4_single_1":"63","pair_4_single_2":"63","pair_4_single_3":"63","pair_4_single_5":"63","pair_4_single_6":"63","pair_5_single_1":"63","pair_5_single_2":"63","pair_5_single_3":"63","pair_5_single_4":"63","pair_5_single_6":"63","pair_6_single_1":"63","pair_6_single_2":"63","pair_6_single_3":"63","pair_6_single_4":"63","pair_6_single_5":"63","three_diff_123":"31.5","three_diff_124":"31.5","three_diff_125":"31.5","three_diff_126":"31.5","three_diff_134":"31.5","three_diff_135":"31.5","three_diff_136":"31.5","three_diff_145":"31.5","three_diff_146":"31.5","three_diff_156":"31.5","three_diff_234":"31.5","three_diff_235":"31.5","three_diff_236":"31.5","three_diff_245":"31.5","three_diff_246":"31.5","three_diff_256":"31.5","three_diff_345":"31.5","three_diff_346":"31.5","three_diff_356":"31.5","three_diff_456":"31.5","two_diff_12":"6.3","two_diff_13":"6.3","two_diff_14":"6.3","two_diff_15":"6.3","two_diff_16":"6.3","two_diff_23":"6.3","two_diff_24":"6.3","two_diff_25":"6.3","two_diff_26":"6.3","two_diff_34":"6.3","two_diff_35":"6.3","two_diff_36":"6.3","two_diff_45":"6.3","two_diff_46":"6.3","two_diff_56":"6.3","straight":"7.87","die_1":"2.05","die_2":"2.05","die_3":"2.05","die_4":"2.05","die_5":"2.05","die_6":"2.05"}}', '{"game":"k3","triples_lose_big_small":false}'),
('pk10', '{"game":"pk10","odds":{"p1_car_1":"9.9","p1_car_2":"9.9","p1_car_3":"9.9","p1_car_4":"9.9","p1_car_5":"9.9","p1_car_6":"9.9","p1_car_7":"9.9","p1_car_8":"9.9","p1_car_9":"9.9","p1_car_10":"9.9","p2_car_1":"9.9","p2_car_2":"9.9","p2_car_3":"9.9","p2_car_4":"9.9","p2_car_5":"9.9","p2_car_6":"9.9","p2_car_7":"9.9","p2_car_8":"9.9","p2_car_9":"9.9","p2_car_10":"9.9","p3_car_1":"9.9","p3_car_2":"9.9","p3_car_3":"9.9","p3_car_4":"9.9","p3_car_5":"9.9","p3_car_6":"9.9","p3_car_7":"9.9","p3_car_8":"9.9","p3_car_9":"9.9","p3_car_10":"9.9","p4_car_1":"9.9","p4_car_2":"9.9","p4_car_3":"9.9","p4_car_4":"9.9","p4_car_5":"9.9","p4_car_6":"9.9","p4_car_7":"9.9","p4_car_8":"9.9","p4_car_9":"9.9","p4_car_10":"9.9","p5_car_1":"9.9","p5_car_2":"9.9","p5_car_3":"9.9","p5_car_4":"9.9","p5_car_5":"9.9","p5_car_6":"9.9","p5_car_7":"9.9","p5_car_8":"9.9","p5_car_9":"9.9","p5_car_10":"9.9","p6_car_1":"9.9","p6_car_2":"9.9","p6_car_3":"9.9","p6_car_4":"9.9","p6_car_5":"9.9","p6_car_6":"9.9","p6_car_7":"9.9","p6_car_8":"9.9","p6_car_9":"9.9","p6_car_10":"9.9","p7_car_1":"9.9","p7_car_2":"9.9","p7_car_3":"9.9","p7_car_4":"9.9","p7_car_5":"9.9","p7_car_6":"9.9","p7_car_7":"9.9","p7_car_8":"9.9","p7_car_9":"9.9","p7_car_10":"9.9","p8_car_1":"9.9","p8_car_2":"9.9","p8_car_3":"9.9","p8_car_4":"9.9","p8_car_5":"9.9","p8_car_6":"9.9","p8_car_7":"9.9","p8_car_8":"9.9","p8_car_9":"9.9","p8_car_10":"9.9","p9_car_1":"9.9","p9_car_2":"9.9","p9_car_3":"9.9","p9_car_4":"9.9","p9_car_5":"9.9","p9_car_6":"9.9","p9_car_7":"9.9","p9_car_8":"9.9","p9_car_9":"9.9","p9_car_10":"9.9","p10_car_1":"9.9","p10_car_2":"9.9","p10_car_3":"9.9","p10_car_4":"9.9","p10_car_5":"9.9","p10_car_6":"9.9","p10_car_7":"9.9","p10_car_8":"9.9","p10_car_9":"9.9","p10_car_10":"9.9","p1_big":"1.98","p1_small":"1.98","p1_odd":"1.98","p1_even":"1.98","p2_big":"1.98","p2_small":"1.98","p2_odd":"1.98","p2_even":"1.98","p3_big":"1.98","p3_small":"1.98","p3_odd":"1.98","p3_even":"1.98","p4_big":"1.98","p4_small":"1.98","p4_odd":"1.98","p4_even":"1.98","p5_big":"1.98","p5_small":"1.98","p5_odd":"1.98","p5_even":"1.98","p6_big":"1.98","p6_small":"1.98","p6_odd":"1.98","p6_even":"1.98","p7_big":"1.98","p7_small":"1.98","p7_odd":"1.98","p7_even":"1.98","p8_big":"1.98","p8_small":"1.98","p8_odd":"1.98","p8_even":"1.98","p9_big":"1.98","p9_small":"1.98","p9_odd":"1.98","p9_even":"1.98","p10_big":"1.98","p10_small":"1.98","p10_odd":"1.98","p10_even":"1.98","p1_dragon":"1.98","p1_tiger":"1.98","p2_dragon":"1.98","p2_tiger":"1.98","p3_dragon":"1.98","p3_tiger":"1.98","p4_dragon":"1.98","p4_tiger":"1.98","p5_dragon":"1.98","p5_tiger":"1.98","sum_3":"41","sum_4":"41","sum_5":"20","sum_6":"20","sum_7":"13","sum_8":"13","sum_9":"9","sum_10":"9","sum_11":"7","sum_12":"9","sum_13":"9","sum_14":"13","sum_15":"13","sum_16":"20","sum_17":"20","sum_18":"41","sum_19":"41","sum_big":"1.98","sum_small":"1.98","sum_odd":"1.98","sum_even":"1.98"}}', '{"game":"pk10","sum_eleven_refunds":true}'),
('ssc', '{"game":"ssc","odds":{"b1_0":"9.9","b1_1":"9.9","b1_2":"9.9","b1_3":"9.9","b1_4":"9.9","b1_5":"9.9","b1_6":"9.9","b1_7":"9.9","b1_8":"9.9","b1_9":"9.9","b2_0":"9.9","b2_1":"9.9","b2_2":"9.9","b2_3":"9.9","b2_4":"9.9","b2_5":"9.9","b2_6":"9.9","b2_7":"9.9","b2_8":"9.9","b2_9":"9.9","b3_0":"9.9","b3_1":"9.9","b3_2":"9.9","b3_3":"9.9","b3_4":"9.9","b3_5":"9.9","b3_6":"9.9","b3_7":"9.9","b3_8":"9.9","b3_9":"9.9","b4_0":"9.9","b4_1":"9.9","b4_2":"9.9","b4_3":"9.9","b4_4":"9.9","b4_5":"9.9","b4_6":"9.9","b4_7":"9.9","b4_8":"9.9","b4_9":"9.9","b5_0":"9.9","b5_1":"9.9","b5_2":"9.9","b5_3":"9.9","b5_4":"9.9","b5_5":"9.9","b5_6":"9.9","b5_7":"9.9","b5_8":"9.9","b5_9":"9.9","b1_big":"1.98","b1_small":"1.98","b1_odd":"1.98","b1_even":"1.98","b2_big":"1.98","b2_small":"1.98","b2_odd":"1.98","b2_even":"1.98","b3_big":"1.98","b3_small":"1.98","b3_odd":"1.98","b3_even":"1.98","b4_big":"1.98","b4_small":"1.98","b4_odd":"1.98","b4_even":"1.98","b5_big":"1.98","b5_small":"1.98","b5_odd":"1.98","b5_even":"1.98","total_big":"1.98","total_small":"1.98","total_odd":"1.98","total_even":"1.98","dragon":"2.2","tiger":"2.2","tie":"9.4","front_leopard":"70","front_straight":"14","front_pair":"3.2","front_half_straight":"2.3","front_mixed":"2.8","middle_leopard":"70","middle_straight":"14","middle_pair":"3.2","middle_half_straight":"2.3","middle_mixed":"2.8","back_leopard":"70","back_straight":"14","back_pair":"3.2","back_half_straight":"2.3","back_mixed":"2.8"}}', '{"game":"ssc"}'),
('rgb', '{"game":"rgb","odds":{"red":"2","green":"2","violet":"4.5","num_0":"9","num_1":"9","num_2":"9","num_3":"9","num_4":"9","num_5":"9","num_6":"9","num_7":"9","num_8":"9","num_9":"9","big":"2","small":"2"}}', '{"game":"rgb","service_fee_bp":200,"red_on_zero":"1.5","green_on_five":"1.5"}'),
('yn28', '{"game":"yn28","odds":{"big":"2","small":"2","odd":"2","even":"2","big_odd":"4.2","big_even":"4.6","small_odd":"4.6","small_even":"4.2","extreme_big":"15","extreme_small":"15","leopard":"88","pair":"3.6","straight":"16","sum_0":"1000","sum_1":"320","sum_2":"160","sum_3":"95","sum_4":"62","sum_5":"42","sum_6":"35","sum_7":"27","sum_8":"22","sum_9":"18","sum_10":"15.7","sum_11":"14.4","sum_12":"13.3","sum_13":"13.2","sum_14":"13.2","sum_15":"13.3","sum_16":"14.4","sum_17":"15.7","sum_18":"18","sum_19":"22","sum_20":"27","sum_21":"35","sum_22":"42","sum_23":"62","sum_24":"95","sum_25":"160","sum_26":"320","sum_27":"1000"}}', '{"game":"yn28","special_rules":[{"options":["big","small","odd","even"],"sums":[13,14],"patterns":[],"action":{"reduced_odds":"1.6"},"stake_min":null},{"options":["small_odd"],"sums":[13],"patterns":[],"action":"refund","stake_min":null},{"options":["big_even"],"sums":[14],"patterns":[],"action":"refund","stake_min":null}]}')
),
seeded(room, game, draw_source, period_secs, close_secs, entry_min) AS (VALUES
    ('k3', 'k3', 'k3', 60, 10, 0),
    ('pk10', 'pk10', 'pk10', 75, 15, 0),
    ('ssc', 'ssc', 'ssc', 60, 10, 0),
    ('rgb1', 'rgb', 'rgb1', 60, 5, 0),
    ('rgb3', 'rgb', 'rgb3', 180, 15, 0),
    ('rgb5', 'rgb', 'rgb5', 300, 30, 0),
    ('canada_ordinary', 'yn28', 'canada', 210, 60, 0),
    ('canada_vip', 'yn28', 'canada', 210, 60, 100000),
    ('canada_diamond', 'yn28', 'canada', 210, 60, 500000),
    ('canada_supreme', 'yn28', 'canada', 210, 60, 2000000),
    ('china_ordinary', 'yn28', 'china', 300, 60, 0),
    ('china_vip', 'yn28', 'china', 300, 60, 100000),
    ('china_diamond', 'yn28', 'china', 300, 60, 500000),
    ('china_supreme', 'yn28', 'china', 300, 60, 2000000),
    ('usa_ordinary', 'yn28', 'usa', 120, 30, 0),
    ('usa_vip', 'yn28', 'usa', 120, 30, 100000),
    ('usa_diamond', 'yn28', 'usa', 120, 30, 500000),
    ('usa_supreme', 'yn28', 'usa', 120, 30, 2000000)
)
INSERT INTO rooms (room, game, draw_source, period_secs, close_secs, entry_min, odds_json,
                   rules_json)
SELECT seeded.room, seeded.game, seeded.draw_source, seeded.period_secs, seeded.close_secs,
       seeded.entry_min, game_defaults.odds_json, game_defaults.rules_json
FROM seeded
JOIN game_defaults ON game_defaults.game = seeded.game;

-- A seed chain of one draw source: s_0 (commitment) is published here before its first
-- period; period `first_issue` uses s_1, each later period the next index (games::chains).
CREATE TABLE seed_chains (
    chain_id      TEXT PRIMARY KEY,
    draw_source   TEXT NOT NULL,
    length        INTEGER NOT NULL CHECK (length >= 1),
    period_secs   INTEGER NOT NULL CHECK (period_secs >= 10),
    commitment    TEXT NOT NULL CHECK (length(commitment) = 64),
    first_issue   TEXT NOT NULL CHECK (length(first_issue) = 12),
    created_at    INTEGER NOT NULL,
    UNIQUE (draw_source, first_issue)
);

-- A drawn period: the revealed seed s_k and the values derived from it.
CREATE TABLE draws (
    draw_source   TEXT NOT NULL,
    issue         TEXT NOT NULL CHECK (length(issue) = 12),
    chain_id      TEXT NOT NULL REFERENCES seed_chains(chain_id),
    chain_index   INTEGER NOT NULL CHECK (chain_index >= 1),
    seed          TEXT NOT NULL CHECK (length(seed) = 64),
    values_json   TEXT NOT NULL,
    drawn_at      INTEGER NOT NULL,
    PRIMARY KEY (draw_source, issue),
    UNIQUE (chain_id, chain_index)
);
