//! A headless wgpu device and queue for the CLI, the tests and the benchmarks (the editor brings
//! its own from eframe).

use std::sync::{Arc, Mutex};

use super::error::RenderError;

/// An adapter, device and queue.
pub struct GpuContext {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    /// Adapter name and backend, for messages and reports.
    pub adapter_name: String,
    /// The first GPU error or device loss reported, instead of wgpu's default panic.
    fault: Arc<Mutex<Option<String>>>,
}

/// Routes a device's uncaptured errors and its loss into `fault` (the first one is kept), so they
/// become a [`RenderError::DeviceLost`] where the work is checked instead of a panic.
pub fn report_faults(device: &wgpu::Device, fault: &Arc<Mutex<Option<String>>>) {
    let slot = fault.clone();
    device.on_uncaptured_error(Arc::new(move |error| {
        if let Ok(mut slot) = slot.lock() {
            slot.get_or_insert_with(|| error.to_string());
        }
    }));
    let slot = fault.clone();
    device.set_device_lost_callback(move |reason, message| {
        if let Ok(mut slot) = slot.lock() {
            slot.get_or_insert_with(|| format!("device lost ({reason:?}): {message}"));
        }
    });
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
        let fault = Arc::new(Mutex::new(None));
        report_faults(&device, &fault);
        Ok(Self {
            device,
            queue,
            adapter_name: format!("{} ({:?})", info.name, info.backend),
            fault,
        })
    }

    /// The first GPU error or device loss since the context was made, as an error.
    pub fn check(&self) -> Result<(), RenderError> {
        match self.fault.lock().ok().and_then(|slot| slot.clone()) {
            Some(message) => Err(RenderError::DeviceLost(message)),
            None => Ok(()),
        }
    }
}
