//! Reading a Spine export's JSON in tests: its mesh attachments and each vertex's weights.

use serde_json::Value;

/// Every mesh attachment in `skeleton`'s skins: its `vertices` array and its vertex count (from
/// its `uvs`).
pub fn meshes(skeleton: &Value) -> Vec<(Vec<f64>, usize)> {
    let mut out = Vec::new();
    for skin in skeleton["skins"].as_array().expect("skins") {
        for slot in skin["attachments"]
            .as_object()
            .expect("attachments")
            .values()
        {
            for attachment in slot.as_object().expect("a slot's attachments").values() {
                if attachment["type"] != "mesh" {
                    continue;
                }
                let numbers = |key: &str| -> Vec<f64> {
                    attachment[key]
                        .as_array()
                        .expect("an array")
                        .iter()
                        .map(|v| v.as_f64().expect("a number"))
                        .collect()
                };
                out.push((numbers("vertices"), numbers("uvs").len() / 2));
            }
        }
    }
    out
}

/// Per vertex of a weighted mesh's `vertices` (`count` vertices), its weights.
pub fn weights_per_vertex(vertices: &[f64], count: usize) -> Vec<Vec<f64>> {
    let mut at = 0;
    (0..count)
        .map(|_| {
            let bones = vertices[at] as usize;
            let weights = (0..bones).map(|b| vertices[at + 1 + 4 * b + 3]).collect();
            at += 1 + 4 * bones;
            weights
        })
        .collect()
}

/// Every weight of every weighted mesh vertex in `skeleton`, vertex by vertex.
pub fn mesh_weights(skeleton: &Value) -> Vec<Vec<f64>> {
    meshes(skeleton)
        .iter()
        .flat_map(|(vertices, count)| weights_per_vertex(vertices, *count))
        .collect()
}
