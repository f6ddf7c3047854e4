//! A count over its budget ([`crate::limits`]): what was counted, how many, the limit — the one
//! error every budget check of a project, rig or slot set gives.

use crate::limits::thousands;

/// `count` of `what` (already a plural, "bones", `keys in clip "walk"`), over `limit`; `per` says
/// what the limit is per (" per clip"), or is empty.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} {what}, over the limit of {}{per}", thousands(*count), thousands(*limit))]
pub struct OverLimit {
    pub what: String,
    pub count: u64,
    pub limit: u64,
    pub per: &'static str,
}

impl OverLimit {
    /// `Err` when `count` is over `limit`.
    pub fn check(what: impl Into<String>, count: u64, limit: u64) -> Result<(), OverLimit> {
        if count > limit {
            return Err(OverLimit {
                what: what.into(),
                count,
                limit,
                per: "",
            });
        }
        Ok(())
    }
}
