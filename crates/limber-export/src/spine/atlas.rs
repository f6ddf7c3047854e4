//! The atlas: libGDX/Spine atlas text with one page per part, each page the part's own PNG and one
//! region covering it whole (so a mesh's UVs over the part's image are its UVs in the region).
//! Pixel-art parts get nearest-neighbour filtering, the others linear.

/// One atlas page: its PNG file name, size, region name and filtering.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub file: String,
    pub width: u32,
    pub height: u32,
    pub region: String,
    pub pixel_art: bool,
}

/// A region name the atlas format can hold: the part's index and its name with anything but ASCII
/// letters, digits, `-`, `_` and `.` replaced by `_` (a `:` would read as a field, and leading or
/// trailing spaces are trimmed away by readers).
pub fn region_name(index: usize, part: &str) -> String {
    let clean: String = part
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{index}_{clean}")
}

/// The atlas text of `pages`.
pub fn atlas_text(pages: &[Page]) -> String {
    let mut text = String::new();
    for page in pages {
        let filter = if page.pixel_art { "Nearest" } else { "Linear" };
        text.push_str(&format!(
            "{}\nsize:{},{}\nfilter:{filter},{filter}\n{}\nbounds:0,0,{},{}\n\n",
            page.file, page.width, page.height, page.region, page.width, page.height
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_hold_one_whole_region_each() {
        let pages = [Page {
            file: "zombie_0.png".into(),
            width: 96,
            height: 128,
            region: region_name(0, "left arm: upper"),
            pixel_art: true,
        }];
        assert_eq!(pages[0].region, "0_left_arm__upper");
        assert_eq!(
            atlas_text(&pages),
            "zombie_0.png\nsize:96,128\nfilter:Nearest,Nearest\n0_left_arm__upper\nbounds:0,0,96,128\n\n"
        );
    }
}
