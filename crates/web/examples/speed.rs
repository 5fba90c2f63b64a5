//! The page's speed measures run natively, for the ratio browser / native that
//! `web/tests/speed.py` prints: `cargo run --release -p hetproba-web --example speed`.

use std::time::{Duration, Instant};

struct Clock(Instant);

impl hetproba_ai::Timer for Clock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

fn main() {
    let clock = Clock(Instant::now());
    let perft = hetproba_web::speed::perft("reversi", 7, &clock);
    let playouts = hetproba_web::speed::playouts("reversi", Duration::from_secs(3), &clock);
    println!(
        "{}",
        serde_json::json!({ "perft": { "nodes": perft.nodes, "ms": perft.ms }, "playouts": { "playouts": playouts.playouts, "ms": playouts.ms } })
    );
}
