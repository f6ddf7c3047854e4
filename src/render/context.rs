//! A headless wgpu device and queue for the CLI, the tests and the benchmarks (the editor brings
//! its own from eframe).

use super::error::RenderError;

/// An adapter, device and queue.
pub struct GpuContext {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    /// Adapter name and backend, for messages and reports.
    pub adapter_name: String,
}

impl GpuContext {
    /// Opens the first adapter wgpu finds (hardware preferred; Mesa's software Vulkan adapter,
    /// llvmpipe, where there is no GPU). The device gets the adapter's own texture size limit, so
    /// large sprites fit where the hardware allows.
    pub fn headless() -> Result<Self, RenderError> {
        pollster::block_on(Self::open())
    }

    async fn open() -> Result<Self, RenderError> {
        // Vulkan, Metal or DX12 first (quietly: no windowing system is probed); OpenGL only when
        // none of those has an adapter. `WGPU_BACKEND` overrides the choice.
        let mut adapter = Err(RenderError::NoAdapter("no backend tried".into()));
        for backends in [wgpu::Backends::PRIMARY, wgpu::Backends::GL] {
            let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
            descriptor.backends = backends;
            let instance = wgpu::Instance::new(descriptor.with_env());
            adapter = instance
                .request_adapter(&wgpu::RequestAdapterOptions {
                    power_preference: wgpu::PowerPreference::HighPerformance,
                    force_fallback_adapter: false,
                    compatible_surface: None,
                    ..Default::default()
                })
                .await
                .map_err(|e| RenderError::NoAdapter(e.to_string()));
            if adapter.is_ok() {
                break;
            }
        }
        let adapter = adapter?;
        let info = adapter.get_info();
        let adapter_limits = adapter.limits();
        let limits = wgpu::Limits {
            max_texture_dimension_2d: adapter_limits.max_texture_dimension_2d,
            max_buffer_size: adapter_limits.max_buffer_size,
            max_storage_buffer_binding_size: adapter_limits.max_storage_buffer_binding_size,
            ..wgpu::Limits::default()
        };
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("limber headless device"),
                required_features: wgpu::Features::empty(),
                required_limits: limits,
                ..Default::default()
            })
            .await
            .map_err(|e| RenderError::Device(e.to_string()))?;
        Ok(Self {
            device,
            queue,
            adapter_name: format!("{} ({:?})", info.name, info.backend),
        })
    }
}
