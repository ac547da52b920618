mod place;
pub use place::*;
