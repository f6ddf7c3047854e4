//! The engine without UI: tracing, meshing and weights on the bundled sprites, animation sampling,
//! layered imports against their reference composites, the asset store, undo, and the project
//! format's schema and properties.

mod animation;
mod animation_events;
mod asset_store;
mod faint_pixels;
mod follow_constraints;
mod format_schema;
mod geodesic_accuracy;
mod layered_reference;
mod layered_tags_psd;
mod mesh_pipeline;
mod mesh_sprites;
mod properties;
mod sample_index;
mod trace_oracle;
mod transitions;
mod undo;
mod weights;
