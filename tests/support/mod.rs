//! What the test targets share: the app under test (`helpers::TestApp`), requests and fixtures
//! per area, and the runners of the real binary. Each target (specs, process, soak) includes
//! this tree with `#[path]` and uses a different part of it, so code one target leaves unused
//! is not dead.
#![allow(dead_code)]

pub mod binary;
pub mod console;
pub mod crash_client;
pub mod crash_support;
pub mod envelope_support;
pub mod goods;
pub mod hall;
pub mod helpers;
pub mod news;
pub mod notice_support;
pub mod openapi_support;
pub mod periods;
pub mod pictures;
pub mod protection_support;
pub mod savings;
pub mod server;
pub mod signin;
pub mod team;
pub mod vip_support;
pub mod wallet_support;
