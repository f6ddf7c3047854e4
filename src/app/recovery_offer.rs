//! The start-up offer of work that editors lost: every recovery file whose editor died, each with
//! its image, its project and when it was last changed, to recover or discard one by one (or leave
//! for the next start). The files stay locked, and untouched, until the user answers.

use std::time::SystemTime;

use eframe::egui;

use limber_editor::recovery::Offer;

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
    let mut later = false;
    egui::Modal::new(egui::Id::unique("limber_recovery_offer")).show(ctx, |ui| {
        ui.heading("Recover unsaved work?");
        ui.label("limber found work that was not saved when an editor stopped:");
        for (i, offer) in offers.iter().enumerate() {
            ui.push_id(i, |ui| {
                ui.horizontal(|ui| {
                    ui.label(offer.describe(now));
                    if ui.button("Recover").clicked() {
                        recover = Some(i);
                    }
                    if ui.button("Discard").clicked() {
                        discard = Some(i);
                    }
                });
            });
        }
        later = ui.button("Decide later").clicked();
    });
    if let Some(i) = discard {
        offers.remove(i).discard();
    }
    if later {
        offers.clear();
    }
    recover.map(|i| offers.remove(i))
}
