//! Win/draw/loss from a score: placeholder.
use ekumen_movegen::VariantId;

/// A logistic model of the win rate: `1 / (1 + exp((centre - cp) / width))`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    pub centre: f64,
    pub width: f64,
}

impl WdlModel {
    pub fn of(_variant: VariantId) -> WdlModel {
        WdlModel { centre: 250.0, width: 90.0 }
    }
}

/// Win, draw and loss per mille for the side to move at `cp` centipawns.
pub fn win_draw_loss(variant: VariantId, cp: i32) -> (u32, u32, u32) {
    let model = WdlModel::of(variant);
    let rate = |x: f64| (1000.0 / (1.0 + ((model.centre - x) / model.width).exp())).round() as u32;
    let cp = f64::from(cp.clamp(-4000, 4000));
    let (win, loss) = (rate(cp), rate(-cp));
    (win, 1000 - win - loss, loss)
}
