//! Players linked to each other, the operator's daily fraud screen: by a payout account (a card
//! or USDT address several players linked, `wallet::payout_accounts`), by a client address
//! several registered or logged in from (`auth::addresses`), and by an invite chain whose
//! members came out of one period on opposite sides (`games::stakes::opposite_results`: one
//! won, the other lost; together they covered both). `admin report linked` groups them;
//! `admin withdraw list` flags a withdrawing player's shared accounts and addresses.

use crate::auth::addresses::{self, SharedAddress};
use crate::auth::team;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::games::stakes;
use crate::ids::UserId;
use crate::ledger::{self, UserAccountKind};
use crate::money::Money;
use crate::wallet::payout_accounts::{self, SharedAccount};
use rusqlite::Connection;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// What links one player to others.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayerLinks {
    pub payout_accounts: Vec<SharedAccount>,
    pub addresses: Vec<SharedAddress>,
}

impl PlayerLinks {
    /// One line for a table cell: "-" when nothing links him.
    pub fn summary(&self) -> String {
        let accounts = self
            .payout_accounts
            .iter()
            .map(|shared| format!("{} with {}", shared.account, players(&shared.others)));
        let addresses = self
            .addresses
            .iter()
            .map(|shared| format!("address {} with {}", shared.address, players(&shared.others)));
        let parts: Vec<String> = accounts.chain(addresses).collect();
        if parts.is_empty() { "-".to_string() } else { parts.join("; ") }
    }
}

fn players(ids: &[UserId]) -> String {
    ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

/// The days of logins a withdrawal's review looks at for addresses its player shares
/// (`admin withdraw list`, the console's withdrawal desk).
pub const LINKED_ADDRESS_DAYS: i64 = 30;

/// The payout accounts `user_id` shares (any time) and the addresses he shares since `since`.
pub fn player_links(
    connection: &Connection,
    user_id: UserId,
    since: Timestamp,
) -> Result<PlayerLinks, AppError> {
    Ok(PlayerLinks {
        payout_accounts: payout_accounts::shared_with(connection, user_id)?,
        addresses: addresses::shared_with(connection, user_id, since)?,
    })
}

/// One group of linked players: who, why, and what the programmes paid them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkedGroup {
    pub players: Vec<UserId>,
    /// Each link found, e.g. "card ****1234: 11,12", "address 203.0.113.7: 11,13",
    /// "invite chain 11 > 12: opposite results in k3 202611220042".
    pub links: Vec<String>,
    /// What the reward programmes paid the group's players, all time.
    pub programme_earnings: Money,
}

/// Every group of players linked by a shared payout account, a client address used since
/// `since`, or an invite chain (up to three levels) with opposite results in a period of bets
/// placed since `since`; the largest earners first.
pub fn linked_groups(
    connection: &Connection,
    since: Timestamp,
    now: Timestamp,
) -> Result<Vec<LinkedGroup>, AppError> {
    let mut links: Vec<(String, Vec<UserId>)> = Vec::new();
    for shared in payout_accounts::all_shared(connection)? {
        links.push((shared.account, shared.others));
    }
    for shared in addresses::shared_since(connection, since)? {
        links.push((format!("address {}", shared.address), shared.others));
    }
    links.extend(hedging_chains(connection, since, now)?);
    let mut groups = Groups::default();
    for (_, players) in &links {
        groups.join(players);
    }
    let mut found: BTreeMap<UserId, LinkedGroup> = BTreeMap::new();
    for (reason, players) in links {
        let Some(first) = players.first() else { continue };
        let root = groups.root(*first);
        let group = found.entry(root).or_insert_with(|| LinkedGroup {
            players: Vec::new(),
            links: Vec::new(),
            programme_earnings: Money::ZERO,
        });
        group.links.push(format!("{reason}: {}", self::players(&players)));
        group.players.extend(players);
    }
    let mut listed = Vec::with_capacity(found.len());
    for mut group in found.into_values() {
        group.players.sort();
        group.players.dedup();
        group.programme_earnings = programme_earnings(connection, &group.players)?;
        listed.push(group);
    }
    listed.sort_by_key(|group| std::cmp::Reverse(group.programme_earnings));
    Ok(listed)
}

/// Pairs of a bettor and one of his three uplines who both bet since `since` and came out of
/// one period on opposite sides.
fn hedging_chains(
    connection: &Connection,
    since: Timestamp,
    now: Timestamp,
) -> Result<Vec<(String, Vec<UserId>)>, AppError> {
    let bettors = stakes::settled_stakes_between(connection, since, now + 1)?;
    let ids: Vec<UserId> = bettors.keys().copied().collect();
    let mut found = Vec::new();
    for (bettor, uplines) in team::uplines(connection, &ids)? {
        for upline in uplines.into_iter().filter(|upline| bettors.contains_key(upline)) {
            if let Some((room, issue)) =
                stakes::opposite_results(connection, (bettor, upline), since)?
            {
                let reason =
                    format!("invite chain {upline} > {bettor}: opposite results in {room} {issue}");
                found.push((reason, vec![upline, bettor]));
            }
        }
    }
    found.sort();
    Ok(found)
}

/// What the reward programmes credited to `players`' wallets, all time.
fn programme_earnings(connection: &Connection, players: &[UserId]) -> Result<Money, AppError> {
    let mut total = Money::ZERO;
    for player in players {
        for kind in ledger::REWARD_KINDS {
            let earned =
                ledger::total_credited(connection, *player, UserAccountKind::Wallet, kind)?;
            total = total.checked_add(earned).ok_or(AppError::LimitExceeded)?;
        }
    }
    Ok(total)
}

/// Union-find over players: two players in one link are one group.
#[derive(Default)]
struct Groups {
    parent: BTreeMap<UserId, UserId>,
}

impl Groups {
    fn root(&mut self, player: UserId) -> UserId {
        let mut root = player;
        while let Some(&parent) = self.parent.get(&root) {
            if parent == root {
                break;
            }
            root = parent;
        }
        self.parent.insert(player, root);
        root
    }

    fn join(&mut self, players: &[UserId]) {
        let roots: BTreeSet<UserId> = players.iter().map(|player| self.root(*player)).collect();
        if let Some(&lowest) = roots.first() {
            for root in roots {
                self.parent.insert(root, lowest);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_in_overlapping_links_are_one_group() {
        let id = UserId::from_rowid;
        let mut groups = Groups::default();
        groups.join(&[id(5), id(7)]);
        groups.join(&[id(9), id(3)]);
        groups.join(&[id(7), id(9)]);
        groups.join(&[id(20), id(21)]);
        let roots: BTreeSet<UserId> =
            [3, 5, 7, 9].into_iter().map(|player| groups.root(id(player))).collect();
        assert_eq!(roots, BTreeSet::from([id(3)]));
        assert_eq!(groups.root(id(21)), id(20));
        assert_eq!(groups.root(id(42)), id(42), "an unlinked player is his own group");
    }
}
