//! The atlas text (the libGDX/Spine 4 atlas format): per page its PNG file, size, filtering and
//! whether it is premultiplied (`pma:true`), then per region its name, `bounds` (x, y, width,
//! height on the page, y down) and, for a trimmed region, `offsets` (pixels cut from the left and
//! from the bottom of the original image, then the original width and height). Spine maps a mesh's
//! uvs, which span the original image, through these offsets onto the page (`MeshAttachment.
//! updateRegion`), so the uvs are written over the original image as they are.

/// One region of a page.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    pub name: String,
    /// Top-left corner on the page and size, in pixels.
    pub bounds: [u32; 4],
    /// Pixels cut from the left and from the bottom of the original image (negative where the
    /// region reaches past the image), and the original image's width and height.
    pub offsets: [i64; 4],
}

impl Region {
    /// Whether the region is the whole original image.
    pub fn untrimmed(&self) -> bool {
        let [_, _, w, h] = self.bounds;
        self.offsets == [0, 0, i64::from(w), i64::from(h)]
    }
}

/// One atlas page: its PNG file name, size, filtering, alpha and regions.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub file: String,
    pub width: u32,
    pub height: u32,
    /// Nearest-neighbour filtering (pixel-art parts) instead of linear.
    pub pixel_art: bool,
    /// The page holds premultiplied colour.
    pub premultiplied: bool,
    pub regions: Vec<Region>,
}

/// A region name the atlas format can hold: the part's index and its name made [`atlas_safe`].
pub fn region_name(index: usize, part: &str) -> String {
    format!("{index}_{}", atlas_safe(part))
}

/// A page's file stem the atlas format can hold: the project's name made [`atlas_safe`] (a project
/// `a:b.limber` gets pages `a_b_0.png`, ` lead.limber` gets `_lead_0.png`).
pub fn page_stem(project: &str) -> String {
    atlas_safe(project)
}

/// `text` with anything but ASCII letters, digits, `-`, `_` and `.` replaced by `_`: in an atlas a
/// `:` would read as a field, and readers trim leading and trailing spaces away.
fn atlas_safe(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The atlas text of `pages`.
pub fn atlas_text(pages: &[Page]) -> String {
    let mut text = String::new();
    for page in pages {
        let filter = if page.pixel_art { "Nearest" } else { "Linear" };
        text.push_str(&format!(
            "{}\nsize:{},{}\nfilter:{filter},{filter}\n",
            page.file, page.width, page.height
        ));
        if page.premultiplied {
            text.push_str("pma:true\n");
        }
        for region in &page.regions {
            let [x, y, w, h] = region.bounds;
            text.push_str(&format!("{}\nbounds:{x},{y},{w},{h}\n", region.name));
            if !region.untrimmed() {
                let [ox, oy, ow, oh] = region.offsets;
                text.push_str(&format!("offsets:{ox},{oy},{ow},{oh}\n"));
            }
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_list_their_regions_with_offsets_when_trimmed() {
        let pages = [
            Page {
                file: "zombie_0.png".into(),
                width: 128,
                height: 64,
                pixel_art: true,
                premultiplied: false,
                regions: vec![
                    Region {
                        name: region_name(0, "left arm: upper"),
                        bounds: [1, 1, 96, 40],
                        offsets: [0, 0, 96, 40],
                    },
                    Region {
                        name: region_name(1, "head"),
                        bounds: [99, 1, 20, 30],
                        offsets: [5, 2, 32, 40],
                    },
                ],
            },
            Page {
                file: "zombie_1.png".into(),
                width: 32,
                height: 32,
                pixel_art: false,
                premultiplied: true,
                regions: vec![],
            },
        ];
        assert_eq!(pages[0].regions[0].name, "0_left_arm__upper");
        assert_eq!(
            atlas_text(&pages),
            "zombie_0.png\nsize:128,64\nfilter:Nearest,Nearest\n\
             0_left_arm__upper\nbounds:1,1,96,40\n\
             1_head\nbounds:99,1,20,30\noffsets:5,2,32,40\n\n\
             zombie_1.png\nsize:32,32\nfilter:Linear,Linear\npma:true\n\n"
        );
    }
}
