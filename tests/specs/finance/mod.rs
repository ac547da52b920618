mod goods;
mod goods_payouts;
mod savings;
mod savings_days;
