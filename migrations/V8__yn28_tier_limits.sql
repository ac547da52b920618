-- Each yn28 tier room has its own bet limits (GAMES.md "yn28 trading hall"), rising with its
-- entry minimum; the operator changes them with `fairhall admin room limits`.
UPDATE rooms SET limits_json =
    '{"min_bet":"1.00","max_user":"5000.00","max_total":"100000.00","payout_cap":"500000.00","options":{}}'
    WHERE room IN ('canada_ordinary', 'china_ordinary', 'usa_ordinary');
UPDATE rooms SET limits_json =
    '{"min_bet":"10.00","max_user":"20000.00","max_total":"400000.00","payout_cap":"2000000.00","options":{}}'
    WHERE room IN ('canada_vip', 'china_vip', 'usa_vip');
UPDATE rooms SET limits_json =
    '{"min_bet":"50.00","max_user":"50000.00","max_total":"1000000.00","payout_cap":"5000000.00","options":{}}'
    WHERE room IN ('canada_diamond', 'china_diamond', 'usa_diamond');
UPDATE rooms SET limits_json =
    '{"min_bet":"100.00","max_user":"200000.00","max_total":"4000000.00","payout_cap":"20000000.00","options":{}}'
    WHERE room IN ('canada_supreme', 'china_supreme', 'usa_supreme');
