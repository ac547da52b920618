-- What each reward programme paid and what the day's budget held back ([growth.budget]), per
-- operator day: user_id 0 is the programme's total, any other one player's (an upline's for
-- commissions). Written by growth::rewards with every payment.
CREATE TABLE reward_spend (
    day TEXT NOT NULL,
    programme TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    paid INTEGER NOT NULL CHECK (paid >= 0),
    capped INTEGER NOT NULL CHECK (capped >= 0),
    PRIMARY KEY (day, programme, user_id)
) WITHOUT ROWID;
