mod protection_age;
mod protection_exclusion;
mod protection_limits;
mod protection_reality;
