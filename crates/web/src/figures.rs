//! The figures a ruleset may give its piece types (`figure = "knight"`): drawings of this
//! project's own, each in a 100 x 100 box with its base at the bottom, filled with the owner's
//! colour and outlined; the inner lines are drawn in the owner's ink so that they show on either
//! colour.

use hetproba_engine::rules::model::Figure;
use std::fmt::Write;

/// The outline (filled) and the inner lines (stroked) of a figure, as SVG path data.
fn paths(figure: Figure) -> (&'static str, &'static str) {
    match figure {
        // A small head on a neck that flares into a round base.
        Figure::Pawn => (
            "M50 16a12 12 0 0 1 7.5 21.4C63 40 65 44 65 48h-7c1 9 5 17 11 23h3v9H28v-9h3c6-6 10-14 11-23h-7c0-4 2-8 7.5-10.6A12 12 0 0 1 50 16z",
            "M36 71h28",
        ),
        // A tower with three merlons.
        Figure::Rook => ("M27 88v-9h5l5-9V42l-7-5V18h10v7h6v-7h8v7h6v-7h10v19l-7 5v28l5 9h5v9z", "M37 42h26M37 70h26"),
        // A mitre with its slit and a ball on top, on a round base.
        Figure::Bishop => (
            "M50 11a6 6 0 0 1 3.5 10.9C64 31 69 40 69 49c0 8-6 13-11 15l3 9c7 2 11 8 11 15H28c0-7 4-13 11-15l3-9c-5-2-11-7-11-15 0-9 5-18 15.5-27.1A6 6 0 0 1 50 11z",
            "M56 34l-9 14M43 64h14M40 73h20",
        ),
        // A crown of five points, each with a ball.
        Figure::Queen => {
            ("M31 72l-9-34 13 14 1-26 9 23 5-28 5 28 9-23 1 26 13-14-9 34c6 2 10 8 10 16H21c0-8 4-14 10-16z", "M31 72h38M29 80h42")
        }
        // A bell-shaped body under a cross.
        Figure::King => (
            "M46 8h8v7h7v7h-7v6c3 1 5 4 5 7 9-6 25-4 25 9 0 10-9 16-12 28 6 2 10 8 10 16H18c0-8 4-14 10-16-3-12-12-18-12-28 0-13 16-15 25-9 0-3 2-6 5-7v-6h-7v-7h7z",
            "M28 72h44M50 36v22M22 80h56",
        ),
        // A horse's head, facing left, with its mane, on a base.
        Figure::Knight => (
            "M30 88c0-3 2-6 5-7 1-10 6-17 13-24-5 2-10 3-15 2-5-1-9-5-8-10 0-4 4-7 8-11l8-8 2-10 6 7 4-8 5 9c12 4 20 16 20 32 0 7-1 13-3 19 3 1 5 4 5 9z",
            "M36 81h36M56 26c6 4 10 11 11 20",
        ),
    }
}

/// Where an eye is drawn, for figures that have one.
fn eye(figure: Figure) -> Option<(f64, f64)> {
    (figure == Figure::Knight).then_some((41.0, 37.0))
}

/// A figure drawn over a disc's place: centred at (cx, cy), about `2r` high.
pub fn svg(figure: Figure, cx: f64, cy: f64, r: f64, fill: &str, stroke: &str, ink: &str) -> String {
    let scale = r * 2.3 / 100.0;
    let (outline, lines) = paths(figure);
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<g class="figure" transform="translate({:.1} {:.1}) scale({scale:.3})"><path d="{outline}" fill="{fill}" stroke="{stroke}" stroke-width="3" stroke-linejoin="round"/><path d="{lines}" fill="none" stroke="{ink}" stroke-width="3" stroke-linecap="round"/>"#,
        cx - 50.0 * scale,
        cy - 52.0 * scale,
    );
    if let Some((x, y)) = eye(figure) {
        let _ = write!(out, r#"<circle cx="{x}" cy="{y}" r="3" fill="{ink}"/>"#);
    }
    out.push_str("</g>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_figure_is_a_closed_outline_inside_its_box() {
        for figure in Figure::ALL {
            let (outline, _) = paths(figure);
            assert!(outline.starts_with('M') && outline.ends_with('z'), "{figure:?}");
            let svg = svg(figure, 30.0, 30.0, 20.0, "#fff", "#000", "#000");
            assert!(svg.starts_with("<g class=\"figure\"") && svg.ends_with("</g>"), "{svg}");
        }
        // Every figure draws differently.
        let all: std::collections::HashSet<&str> = Figure::ALL.iter().map(|&f| paths(f).0).collect();
        assert_eq!(all.len(), Figure::ALL.len());
    }
}
