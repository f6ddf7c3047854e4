//! The binary buffer and its views and accessors: typed data in, `gltf-json` indices out.
//!
//! Every accessor gets its own buffer view, 4-byte aligned, so no view needs a byte stride. POSITION
//! and animation-input accessors carry the `min` and `max` the specification requires; so does every
//! other float accessor, which costs nothing and helps validators.

use gltf_json::accessor::{ComponentType, GenericComponentType, Type};
use gltf_json::buffer::{Target, View};
use gltf_json::validation::{Checked, USize64};
use gltf_json::{Accessor, Index, Root};
use serde_json::Value;

/// The glTF file's one binary buffer, growing as data is added.
#[derive(Debug, Default)]
pub struct BufferBuilder {
    pub bytes: Vec<u8>,
}

impl BufferBuilder {
    /// Appends `data` as a new buffer view (buffer 0) aligned to 4 bytes.
    pub fn view(&mut self, root: &mut Root, data: &[u8], target: Option<Target>) -> Index<View> {
        while self.bytes.len() % 4 != 0 {
            self.bytes.push(0);
        }
        let offset = self.bytes.len();
        self.bytes.extend_from_slice(data);
        root.push(View {
            buffer: Index::new(0),
            byte_length: USize64::from(data.len()),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            name: None,
            target: target.map(Checked::Valid),
            extensions: None,
            extras: Default::default(),
        })
    }

    /// A float accessor of `count` elements of `kind` (`data.len()` = count × components), with min/max.
    pub fn floats(
        &mut self,
        root: &mut Root,
        data: &[f32],
        kind: Type,
        target: Option<Target>,
    ) -> Index<Accessor> {
        let width = kind.multiplicity();
        let count = data.len() / width.max(1);
        let mut min = vec![f32::INFINITY; width];
        let mut max = vec![f32::NEG_INFINITY; width];
        for element in data.chunks_exact(width) {
            for (k, &v) in element.iter().enumerate() {
                min[k] = min[k].min(v);
                max[k] = max[k].max(v);
            }
        }
        let bytes: Vec<u8> = data.iter().flat_map(|v| v.to_le_bytes()).collect();
        let view = self.view(root, &bytes, target);
        root.push(accessor(
            view,
            count,
            ComponentType::F32,
            kind,
            Some((numbers(&min), numbers(&max))),
        ))
    }

    /// A VEC4 accessor of joint indices, as unsigned bytes when they fit, else unsigned shorts.
    pub fn joints(&mut self, root: &mut Root, joints: &[[u16; 4]]) -> Index<Accessor> {
        let small = joints.iter().flatten().all(|&j| j <= u16::from(u8::MAX));
        let (bytes, component): (Vec<u8>, _) = if small {
            let bytes = joints.iter().flatten().map(|&j| j as u8).collect();
            (bytes, ComponentType::U8)
        } else {
            let bytes = joints
                .iter()
                .flatten()
                .flat_map(|j| j.to_le_bytes())
                .collect();
            (bytes, ComponentType::U16)
        };
        let view = self.view(root, &bytes, Some(Target::ArrayBuffer));
        root.push(accessor(view, joints.len(), component, Type::Vec4, None))
    }

    /// A SCALAR index accessor, as unsigned shorts when the vertex count allows, else unsigned ints.
    pub fn indices(
        &mut self,
        root: &mut Root,
        triangles: &[[u32; 3]],
        vertex_count: usize,
    ) -> Index<Accessor> {
        let flat = triangles.iter().flatten();
        let (bytes, component): (Vec<u8>, _) = if vertex_count <= usize::from(u16::MAX) {
            let bytes = flat.flat_map(|&i| (i as u16).to_le_bytes()).collect();
            (bytes, ComponentType::U16)
        } else {
            (
                flat.flat_map(|i| i.to_le_bytes()).collect(),
                ComponentType::U32,
            )
        };
        let view = self.view(root, &bytes, Some(Target::ElementArrayBuffer));
        root.push(accessor(
            view,
            triangles.len() * 3,
            component,
            Type::Scalar,
            None,
        ))
    }
}

fn numbers(values: &[f32]) -> Value {
    Value::from(values.iter().map(|&v| f64::from(v)).collect::<Vec<f64>>())
}

fn accessor(
    view: Index<View>,
    count: usize,
    component: ComponentType,
    kind: Type,
    bounds: Option<(Value, Value)>,
) -> Accessor {
    let (min, max) = bounds.unzip();
    Accessor {
        buffer_view: Some(view),
        byte_offset: None,
        count: USize64::from(count),
        component_type: Checked::Valid(GenericComponentType(component)),
        extensions: None,
        extras: Default::default(),
        type_: Checked::Valid(kind),
        min,
        max,
        name: None,
        normalized: false,
        sparse: None,
    }
}
