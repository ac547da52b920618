pub mod content_items;
mod news;
mod notice;
