//! Estimating the memory a JSON document takes once parsed, before it is parsed.
//!
//! A project file may be 512 MiB, and parsed into limber's records its values can take several
//! times their text: `[1,2],` (6 bytes) becomes 16 bytes of `[f64; 2]` and more inside a vector,
//! and `{"name":"a","draw_order":1,"attachments":[]},` (45 bytes) a slot record of about 280. A
//! 505 MB project of bounding boxes peaked at 3.5 GB, and 8 million such slots at 2.65 GB, before
//! their counts could be checked and refused. So a project is first walked in one pass that holds
//! nothing, adding up an upper estimate of each value's parsed size ([`COST`]), and it stops as soon
//! as the estimate passes the budget; only then is the file parsed.

use std::cell::Cell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// Estimated parsed bytes per kind of value, each at least what limber's records take for it
/// (measured: a project of 100,000 small parts, mostly numbers in arrays, 12 bytes a value; a slot
/// object with its fields 280 bytes).
pub struct Cost {
    pub number: u64,
    pub array: u64,
    /// An object: a record, or a map's allocation.
    pub object: u64,
    /// A string or an object key, plus its length.
    pub string: u64,
}

/// The estimates [`estimate`] adds up.
pub const COST: Cost = Cost {
    number: 12,
    array: 16,
    object: 320,
    string: 48,
};

/// The most any byte of JSON text can add to the estimate: an object (`{}`) is at least two bytes.
const MOST_PER_BYTE: u64 = COST.object / 2;

/// Whether `bytes`, a JSON document, is within `limit` estimated parsed bytes. A document too short
/// to pass it whatever it holds is not walked (a project under 6.7 MB for the 1 GiB budget).
pub fn within(bytes: &[u8], limit: u64) -> Result<(), EstimateError> {
    if (bytes.len() as u64).saturating_mul(MOST_PER_BYTE) <= limit {
        return Ok(());
    }
    estimate(bytes, limit).map(|_| ())
}

/// Why the walk stopped.
#[derive(Debug)]
pub enum EstimateError {
    /// The estimate passed the limit.
    OverLimit,
    /// Not JSON at all (the parser's message).
    NotJson(serde_json::Error),
}

/// The estimated bytes `bytes`, a JSON document, takes parsed, added up only while at most `limit`.
pub fn estimate(bytes: &[u8], limit: u64) -> Result<u64, EstimateError> {
    let total = Cell::new(0u64);
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let result = Walk {
        total: &total,
        limit,
    }
    .deserialize(&mut deserializer)
    .and_then(|()| deserializer.end());
    match result {
        Ok(()) => Ok(total.get()),
        Err(_) if total.get() > limit => Err(EstimateError::OverLimit),
        Err(error) => Err(EstimateError::NotJson(error)),
    }
}

/// Adds up one value and everything inside it.
#[derive(Clone, Copy)]
struct Walk<'a> {
    total: &'a Cell<u64>,
    limit: u64,
}

impl Walk<'_> {
    fn add<E: serde::de::Error>(self, bytes: u64) -> Result<(), E> {
        let total = self.total.get().saturating_add(bytes);
        self.total.set(total);
        if total > self.limit {
            return Err(E::custom("over the limit"));
        }
        Ok(())
    }

    fn text<E: serde::de::Error>(self, text: &str) -> Result<(), E> {
        self.add(COST.string + text.len() as u64)
    }
}

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// An object key: added up like a string.
struct Key<'a>(Walk<'a>);

impl<'de> DeserializeSeed<'de> for Key<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_str(self.0)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<(), E> {
        self.add(COST.number)
    }

    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<(), E> {
        self.add(COST.number)
    }

    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<(), E> {
        self.add(COST.number)
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<(), E> {
        self.add(COST.number)
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<(), E> {
        self.text(text)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        self.add(COST.number)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.add::<A::Error>(COST.array)?;
        while seq.next_element_seed(self)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.add::<A::Error>(COST.object)?;
        while map.next_key_seed(Key(self))?.is_some() {
            map.next_value_seed(self)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_value_adds_its_cost_and_strings_and_keys_their_length() {
        // Two objects; keys "a", "b", "c", "d", "e"; "a"'s array and its three numbers; "b"'s
        // string "xyz"; "c"'s null and "e"'s bool count as numbers.
        let text = br#"{"a": [1, 2.5, -3], "b": "xyz", "c": null, "d": {"e": true}}"#;
        let expected = 2 * COST.object
            + 5 * (COST.string + 1)
            + COST.array
            + 5 * COST.number
            + (COST.string + 3);
        assert_eq!(estimate(text, u64::MAX).unwrap(), expected);
        assert_eq!(estimate(b"[]", COST.array).unwrap(), COST.array);
    }

    #[test]
    fn the_walk_stops_as_soon_as_the_limit_is_passed() {
        let text = format!("[{}0]", "0,".repeat(1000));
        let all = COST.array + 1001 * COST.number;
        assert_eq!(estimate(text.as_bytes(), all).unwrap(), all);
        assert!(matches!(
            estimate(text.as_bytes(), all - 1),
            Err(EstimateError::OverLimit)
        ));
    }

    #[test]
    fn a_document_too_short_to_pass_the_limit_is_not_walked() {
        let objects = format!("[{}{{}}]", "{},".repeat(99));
        let walked = estimate(objects.as_bytes(), u64::MAX).unwrap();
        // 100 objects in 300 bytes: the most a byte can add is the most a document can hold.
        assert!(walked <= objects.len() as u64 * MOST_PER_BYTE);
        assert!(within(objects.as_bytes(), walked).is_ok());
        assert!(matches!(
            within(objects.as_bytes(), walked - 1),
            Err(EstimateError::OverLimit)
        ));
        // Not walked, so not even read as JSON: parsing it says what is wrong.
        assert!(within(b"nope", 1 << 30).is_ok());
    }

    #[test]
    fn a_file_that_is_not_json_says_so() {
        for text in [&b"{\"a\": [1, 2"[..], b"[1] [2]", b"nope"] {
            assert!(
                matches!(estimate(text, u64::MAX), Err(EstimateError::NotJson(_))),
                "{}",
                String::from_utf8_lossy(text)
            );
        }
    }
}
