//! A bounds-checked reader over the file's bytes: every read checks that the bytes are there, so a
//! length or count in the file can never index past its end, and nothing is allocated from a count.

use std::ops::Range;

use super::{LayeredError, truncated};

/// Reads big-endian fields from `bytes[at..end]`; positions are absolute in the whole file.
#[derive(Clone)]
pub(super) struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
    end: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Self {
        Self {
            bytes,
            at: 0,
            end: bytes.len(),
        }
    }

    /// The whole file's bytes (for channel data found by absolute range).
    pub(super) fn file(&self) -> &'a [u8] {
        self.bytes
    }

    pub(super) fn remaining(&self) -> usize {
        self.end - self.at
    }

    /// The absolute range of the next `n` bytes, checked to lie before this cursor's end.
    pub(super) fn range(&self, n: u64, what: &str) -> Result<Range<usize>, LayeredError> {
        match usize::try_from(n) {
            Ok(n) if n <= self.remaining() => Ok(self.at..self.at + n),
            _ => Err(truncated(what)),
        }
    }

    /// The next `n` bytes.
    pub(super) fn take(&mut self, n: u64, what: &str) -> Result<&'a [u8], LayeredError> {
        let range = self.range(n, what)?;
        self.at = range.end;
        Ok(&self.bytes[range])
    }

    pub(super) fn skip(&mut self, n: u64, what: &str) -> Result<(), LayeredError> {
        self.take(n, what).map(|_| ())
    }

    /// A cursor over the next `n` bytes; this one moves past them.
    pub(super) fn section(&mut self, n: u64, what: &str) -> Result<Cursor<'a>, LayeredError> {
        let range = self.range(n, what)?;
        self.at = range.end;
        Ok(Cursor {
            bytes: self.bytes,
            at: range.start,
            end: range.end,
        })
    }

    /// A section whose length is the next big-endian `u32`.
    pub(super) fn sized_section(&mut self, what: &str) -> Result<Cursor<'a>, LayeredError> {
        let n = self.u32(what)?;
        self.section(u64::from(n), what)
    }

    fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], LayeredError> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N as u64, what)?);
        Ok(out)
    }

    /// The next 4 bytes without moving.
    pub(super) fn peek4(&self) -> Option<[u8; 4]> {
        let b = self.bytes.get(self.at..self.at.checked_add(4)?)?;
        (self.at + 4 <= self.end).then(|| [b[0], b[1], b[2], b[3]])
    }

    pub(super) fn tag(&mut self, what: &str) -> Result<[u8; 4], LayeredError> {
        self.array(what)
    }

    pub(super) fn u8(&mut self, what: &str) -> Result<u8, LayeredError> {
        Ok(self.array::<1>(what)?[0])
    }

    pub(super) fn u16(&mut self, what: &str) -> Result<u16, LayeredError> {
        Ok(u16::from_be_bytes(self.array(what)?))
    }

    pub(super) fn i16(&mut self, what: &str) -> Result<i16, LayeredError> {
        Ok(i16::from_be_bytes(self.array(what)?))
    }

    pub(super) fn u32(&mut self, what: &str) -> Result<u32, LayeredError> {
        Ok(u32::from_be_bytes(self.array(what)?))
    }

    pub(super) fn i32(&mut self, what: &str) -> Result<i32, LayeredError> {
        Ok(i32::from_be_bytes(self.array(what)?))
    }
}
