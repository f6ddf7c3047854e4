//! The start-up offer of work that editors lost: every recovery file whose editor died, each with
//! its image, its project and when it was last changed, to recover or discard one by one, discard
//! all at once, or leave for the next start. The files stay locked, and untouched, until the user
//! answers. However many there are, the list scrolls inside a dialog that fits the window, so its
//! buttons are always on screen.

use std::time::SystemTime;

use eframe::egui;

use limber_editor::recovery::Offer;

/// The dialog's widest list line, in points (longer lines are cut with an ellipsis).
const LIST_WIDTH: f32 = 640.0;

/// Shows the offers while there are any. Discarded ones are deleted here; "Decide later" lets
/// them all go (they are offered again at the next start). Returns the one to recover, taken out
/// of `offers`.
pub fn show(ctx: &egui::Context, offers: &mut Vec<Offer>) -> Option<Offer> {
    if offers.is_empty() {
        return None;
    }
    let now = SystemTime::now();
    let mut recover = None;
    let mut discard = None;
    let mut discard_all = false;
    let mut later = false;
    // Heading, text and buttons take about 150 points; the list gets what is left of the window.
    let screen = ctx.content_rect();
    let list_height = (screen.height() - 190.0).max(60.0);
    let width = LIST_WIDTH.min(screen.width() - 80.0).max(200.0);
    egui::Modal::new(egui::Id::unique("limber_recovery_offer")).show(ctx, |ui| {
        ui.set_max_width(width);
        ui.heading("Recover unsaved work?");
        let count = offers.len();
        ui.label(if count == 1 {
            "limber found work that was not saved when an editor stopped:".to_string()
        } else {
            format!("limber found {count} documents not saved when editors stopped:")
        });
        egui::ScrollArea::vertical()
            .max_height(list_height)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for (i, offer) in offers.iter().enumerate() {
                    ui.push_id(i, |ui| {
                        ui.horizontal(|ui| {
                            if ui.button("Recover").clicked() {
                                recover = Some(i);
                            }
                            if ui.button("Discard").clicked() {
                                discard = Some(i);
                            }
                            ui.add(egui::Label::new(offer.describe(now)).truncate());
                        });
                    });
                }
            });
        ui.separator();
        ui.horizontal(|ui| {
            later = ui.button("Decide later").clicked();
            if count > 1 {
                discard_all = ui.button("Discard all").clicked();
            }
        });
    });
    if discard_all {
        offers.drain(..).for_each(Offer::discard);
        return None;
    }
    if let Some(i) = discard {
        offers.remove(i).discard();
    }
    if later {
        offers.clear();
    }
    recover.map(|i| offers.remove(i))
}
