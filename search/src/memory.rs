//! What the machine can give: the guard on every allocation whose size the user chooses.
//!
//! `Hash` (up to 32 TB as advertised) and `Threads` (each thread keeps 14 MB of
//! histories) decide how much the search allocates. Asking the allocator is not enough
//! on its own: where the system over-commits memory, an allocation larger than the
//! machine can succeed and the process is killed later, when clearing the table touches
//! its pages. So a request is first compared with the memory the system reports as
//! available (`MemAvailable` in `/proc/meminfo` on Linux), plus what the request would
//! replace, and refused when it does not fit; only then is the allocator asked, and its
//! failure is an error too, never an abort. Where the system reports nothing, the
//! allocator's answer alone decides.
//!
//! The probe is a plain function pointer so that tests can stand in a small machine.

use std::fmt;

/// Reports the bytes the system can still give, if it says.
pub type MemoryProbe = fn() -> Option<u64>;

/// The system's own report: `MemAvailable` on Linux, nothing elsewhere.
pub fn system_available() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    meminfo_available(&meminfo)
}

/// `MemAvailable` from the text of `/proc/meminfo`, in bytes.
fn meminfo_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|line| line.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb.saturating_mul(1024))
}

/// A request that did not fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryError {
    /// What was asked for, as the user would say it (`a 30000 MB hash table`).
    pub what: String,
    /// What the system reported as available, if the request was refused before the
    /// allocator was asked.
    pub available_mb: Option<u64>,
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.available_mb {
            Some(mb) => write!(f, "cannot allocate {}: about {mb} MB is available", self.what),
            None => write!(f, "cannot allocate {}: the allocation failed", self.what),
        }
    }
}

impl std::error::Error for MemoryError {}

/// Checks that `bytes` fit in what `probe` reports, counting `released` bytes that the
/// caller frees before allocating.
pub fn check_fits(
    probe: MemoryProbe,
    bytes: u64,
    released: u64,
    what: impl FnOnce() -> String,
) -> Result<(), MemoryError> {
    match probe() {
        Some(available) if bytes > available.saturating_add(released) => {
            Err(MemoryError { what: what(), available_mb: Some(available >> 20) })
        }
        _ => Ok(()),
    }
}

/// A vector of `len` copies of `value`, or an error if the allocator refuses; its memory
/// is written now (see [`crate::ordering::Histories::try_new`] for why).
pub fn try_filled<T: Clone>(
    len: usize,
    value: T,
) -> Result<Vec<T>, std::collections::TryReserveError> {
    let mut table = Vec::new();
    table.try_reserve_exact(len)?;
    table.resize(len, value);
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mem_available_from_meminfo() {
        let text = "MemTotal:       24576000 kB\nMemFree:  100 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(meminfo_available(text), Some(2048 * 1024));
        assert_eq!(meminfo_available("MemTotal: 5 kB\n"), None);
    }

    #[test]
    fn a_request_beyond_what_is_available_is_refused_with_its_size() {
        let probe: MemoryProbe = || Some(100 << 20);
        let error = check_fits(probe, 200 << 20, 0, || "a 200 MB hash table".into()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cannot allocate a 200 MB hash table: about 100 MB is available"
        );
        // Memory the request replaces counts as available.
        assert!(check_fits(probe, 200 << 20, 150 << 20, String::new).is_ok());
        // A system that reports nothing leaves the decision to the allocator.
        assert!(check_fits(|| None, u64::MAX, 0, String::new).is_ok());
    }

    #[test]
    fn an_impossible_vector_is_an_error_not_an_abort() {
        assert!(try_filled(usize::MAX / 2, 0u16).is_err());
        assert_eq!(try_filled(3, 7u8).unwrap(), vec![7, 7, 7]);
    }
}
