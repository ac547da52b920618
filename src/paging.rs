//! Paged lists: every list endpoint takes `page` and `limit` and returns `{list,total,page,limit}`.

use crate::error::AppError;
use serde::Serialize;

/// A paged list, as every list endpoint returns it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Page<T> {
    pub list: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
    /// Only where a list's `total` may be capped (a dated account change list): true when it
    /// is. Absent elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_capped: Option<bool>,
}

/// `page` (from 1) and `limit` (1..=100, default 20) of a list request.
#[derive(Clone, Copy, Debug)]
pub struct Paging {
    pub page: i64,
    pub limit: i64,
}

impl Paging {
    pub const LIMIT_MAX: i64 = 100;
    const LIMIT_DEFAULT: i64 = 20;

    pub fn parse(page: Option<&str>, limit: Option<&str>) -> Result<Paging, AppError> {
        let number = |text: Option<&str>, default: i64| -> Result<i64, AppError> {
            text.map_or(Ok(default), |text| text.trim().parse().map_err(|_| AppError::BadParams))
        };
        let page = number(page, 1)?;
        let limit = number(limit, Self::LIMIT_DEFAULT)?;
        if !(1..=1_000_000).contains(&page) || !(1..=Self::LIMIT_MAX).contains(&limit) {
            return Err(AppError::BadParams);
        }
        Ok(Paging { page, limit })
    }

    pub fn offset(self) -> i64 {
        (self.page - 1) * self.limit
    }

    pub fn wrap<T>(self, list: Vec<T>, total: i64) -> Page<T> {
        Page { list, total, page: self.page, limit: self.limit, total_capped: None }
    }
}

/// A keyset cursor (`before`: the last id of the previous page), when given: a positive id.
pub fn parse_cursor(text: Option<&str>) -> Result<Option<i64>, AppError> {
    let parse = |text: &str| text.trim().parse::<i64>().ok().filter(|id| *id > 0);
    text.map(|text| parse(text).ok_or(AppError::BadParams)).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_is_bounded() {
        assert!(Paging::parse(Some("0"), None).is_err());
        assert!(Paging::parse(None, Some("101")).is_err());
        assert_eq!(Paging::parse(Some("3"), Some("10")).map(Paging::offset).ok(), Some(20));
    }
}
