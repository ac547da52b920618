//! `fairhall admin staff ...`: the operator console's staff (`auth::staff`): create one with a
//! passphrase and a TOTP second factor, confirm the enrolment, list, disable, reset.

use super::shared::{explain, find_user, format_time, print_json_or, print_table, refused};
use crate::auth::staff::{
    self, NewStaff,
    types::{DisableReason, Enrolment, Passphrase, StaffRole, StaffSummary},
};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::crypto::CardCipher;
use crate::db::Db;
use anyhow::Context;
use clap::Subcommand;
use std::sync::Arc;

#[derive(Subcommand)]
pub enum StaffCommand {
    /// Make an account a staff member of the console with a role and a console passphrase;
    /// prints the otpauth:// URI for the authenticator app and 10 recovery codes, once.
    Create {
        /// The account: its id, phone or login name.
        user: String,
        /// The role the staff member holds (e.g. admin); also given to the account.
        #[arg(long)]
        role: String,
        /// The console passphrase, 12 to 256 characters of any kind; read from standard
        /// input when absent.
        #[arg(long)]
        passphrase: Option<String>,
    },
    /// Confirm the enrolment with the first code the authenticator app shows.
    Confirm {
        /// The staff member: id, phone or login name.
        user: String,
        /// The 6-digit code the authenticator app shows now.
        #[arg(long)]
        code: String,
    },
    /// Every staff member: id, name, role, enrolled or not, disabled or not, created.
    List {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Disable a staff member: he can no longer sign in to the console.
    Disable {
        /// The staff member: id, phone or login name.
        user: String,
        /// Why, in a few words (at most 200 characters): recorded with the change.
        #[arg(long)]
        reason: String,
    },
    /// A new TOTP secret and new recovery codes (the old ones stop working), to confirm
    /// again; prints them once.
    Reset {
        /// The staff member: id, phone or login name.
        user: String,
        /// A new console passphrase too (12 to 256 characters); the old one stays otherwise.
        #[arg(long)]
        passphrase: Option<String>,
    },
}

pub async fn run_staff(
    db: &Db,
    config: &Config,
    command: StaffCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    let issuer = config.app.name.clone();
    match command {
        StaffCommand::Create { user, role, passphrase } => {
            let role = StaffRole::parse(&role).map_err(|error| refused("--role", error))?;
            let user_id = find_user(db, user).await?;
            let passphrase = read_passphrase(passphrase)?;
            let passphrase_hash = staff::hash_passphrase(passphrase).await.map_err(explain)?;
            let cipher = card_cipher(config)?;
            let new = NewStaff { user_id, role, passphrase_hash };
            let enrolment = db
                .write(move |tx| staff::create(tx, &cipher, &new, &issuer, now))
                .await
                .map_err(explain)?;
            print_enrolment(&format!("user {user_id} is staff now"), &enrolment);
            Ok(())
        }
        StaffCommand::Confirm { user, code } => {
            let user_id = find_user(db, user).await?;
            let cipher = card_cipher(config)?;
            db.write(move |tx| staff::confirm(tx, &cipher, user_id, &code, now))
                .await
                .map_err(|error| refused("--code", error))?;
            println!("staff {user_id} is enrolled: the console asks for the app's codes");
            Ok(())
        }
        StaffCommand::List { json } => {
            let list = db.read(staff::list).await.map_err(explain)?;
            print_json_or(json, &list, |list| print_staff(list))
        }
        StaffCommand::Disable { user, reason } => {
            let reason =
                DisableReason::parse(&reason).map_err(|error| refused("--reason", error))?;
            let user_id = find_user(db, user).await?;
            db.write(move |tx| staff::disable(tx, user_id, &reason, now)).await.map_err(explain)?;
            println!("staff {user_id} is disabled and can no longer sign in");
            Ok(())
        }
        StaffCommand::Reset { user, passphrase } => {
            let user_id = find_user(db, user).await?;
            let hash = match passphrase {
                Some(text) => {
                    let passphrase =
                        Passphrase::parse(&text).map_err(|error| refused("--passphrase", error))?;
                    Some(staff::hash_passphrase(passphrase).await.map_err(explain)?)
                }
                None => None,
            };
            let cipher = card_cipher(config)?;
            let enrolment = db
                .write(move |tx| {
                    staff::reset(tx, &cipher, (user_id, hash.as_deref()), &issuer, now)
                })
                .await
                .map_err(explain)?;
            print_enrolment(&format!("staff {user_id} has a new second factor"), &enrolment);
            Ok(())
        }
    }
}

/// The card keys of `[secrets]`, which seal the TOTP secrets too.
fn card_cipher(config: &Config) -> anyhow::Result<Arc<CardCipher>> {
    let secrets = &config.secrets;
    Ok(Arc::new(CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key)?))
}

fn read_passphrase(given: Option<String>) -> anyhow::Result<Passphrase> {
    let (source, text) = match given {
        Some(text) => ("--passphrase", text),
        None => {
            let mut line = String::new();
            std::io::stdin()
                .read_line(&mut line)
                .context("while reading the passphrase from standard input")?;
            ("standard input", line.trim_end_matches(['\r', '\n']).to_string())
        }
    };
    Passphrase::parse(&text).map_err(|error| refused(source, error))
}

fn print_enrolment(headline: &str, enrolment: &Enrolment) {
    println!("{headline}; confirm with `admin staff confirm {} --code CODE`", enrolment.user_id);
    println!("authenticator URI (shown once): {}", enrolment.otpauth_uri);
    println!("recovery codes (shown once, each works once):");
    for code in &enrolment.recovery_codes {
        println!("  {code}");
    }
}

fn print_staff(list: &[StaffSummary]) {
    let yes_no = |value: bool| if value { "yes" } else { "no" }.to_string();
    let rows: Vec<Vec<String>> = list
        .iter()
        .map(|staff| {
            vec![
                staff.id.to_string(),
                staff.name.clone(),
                staff.role.clone(),
                yes_no(staff.enrolled),
                yes_no(staff.disabled),
                format_time(staff.created_at),
            ]
        })
        .collect();
    print_table(&["id", "name", "role", "enrolled", "disabled", "created"], &rows);
    println!("{} staff", list.len());
}
