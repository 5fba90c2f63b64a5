//! `stats --plot DIR`: SVG charts of a report — the distribution of game length, the branching
//! factor by ply, and the results by seat — one set of files per ruleset and pair of players.

use crate::CliError;
use hetproba_analysis::stats::Report;
use plotters::prelude::*;

/// Draws every report's charts into `dir` (made if missing).
pub fn plot_all(dir: &str, reports: &[Report]) -> Result<(), CliError> {
    std::fs::create_dir_all(dir).map_err(|e| CliError::failure(format!("cannot make {dir}: {e}")))?;
    for r in reports {
        let name = format!("{}-{}-{}", r.ruleset, r.players[0], r.players[1]).replace([':', '/', ' '], "_");
        let path = |chart: &str| std::path::Path::new(dir).join(format!("{name}-{chart}.svg"));
        let fail = |e: String| CliError::failure(format!("cannot draw the charts in {dir}: {e}"));
        lengths(&path("length"), r).map_err(|e| fail(e.to_string()))?;
        branching(&path("branching"), r).map_err(|e| fail(e.to_string()))?;
        results(&path("results"), r).map_err(|e| fail(e.to_string()))?;
    }
    Ok(())
}

type Drawn = Result<(), Box<dyn std::error::Error>>;

fn lengths(path: &std::path::Path, r: &Report) -> Drawn {
    let root = SVGBackend::new(path, (800, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let max = r.all_lengths.iter().copied().max().unwrap_or(0) as u32;
    // About 40 bins.
    let width = (max / 40).max(1);
    let mut bins = vec![0u32; (max / width + 1) as usize];
    for &l in &r.all_lengths {
        bins[(l as u32 / width) as usize] += 1;
    }
    let top = bins.iter().copied().max().unwrap_or(1).max(1);
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("{}: game length ({} games)", r.ruleset, r.games), ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d((0..max + width).into_segmented(), 0..top + top / 10 + 1)?;
    chart.configure_mesh().x_desc("plies").y_desc("games").disable_x_mesh().draw()?;
    chart.draw_series(
        Histogram::vertical(&chart)
            .style(BLUE.mix(0.7).filled())
            .margin(0)
            .data(r.all_lengths.iter().map(|&l| ((l as u32 / width) * width, 1u32))),
    )?;
    root.present()?;
    Ok(())
}

fn branching(path: &std::path::Path, r: &Report) -> Drawn {
    let root = SVGBackend::new(path, (800, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let plies = r.branching_by_ply.len().max(1);
    let top = r.branching_by_ply.iter().copied().fold(1.0f64, f64::max);
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("{}: legal moves by ply (mean over the games that reach it)", r.ruleset), ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0..plies, 0.0..top * 1.1)?;
    chart.configure_mesh().x_desc("ply").y_desc("legal moves").draw()?;
    chart.draw_series(LineSeries::new(r.branching_by_ply.iter().enumerate().map(|(i, &b)| (i, b)), &RED))?;
    root.present()?;
    Ok(())
}

fn results(path: &std::path::Path, r: &Report) -> Drawn {
    let root = SVGBackend::new(path, (640, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let bars =
        [("first seat wins", r.first_seat_wins), ("second seat wins", r.second_seat_wins), ("draws", r.draws), ("stopped", r.stopped)];
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("{}: results by seat ({} games, 95% intervals)", r.ruleset, r.games), ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d((0..bars.len() as u32).into_segmented(), 0.0..100.0)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("% of games")
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => bars.get(*i as usize).map_or(String::new(), |b| b.0.to_string()),
            _ => String::new(),
        })
        .draw()?;
    chart.draw_series(
        Histogram::vertical(&chart)
            .style(GREEN.mix(0.7).filled())
            .margin(20)
            .data(bars.iter().enumerate().map(|(i, (_, s))| (i as u32, 100.0 * s.share))),
    )?;
    // The 95% interval of each share, as a line over its bar.
    for (i, (_, s)) in bars.iter().enumerate() {
        if s.of > 0 {
            let x = SegmentValue::CenterOf(i as u32);
            chart.draw_series(LineSeries::new([(x.clone(), 100.0 * s.low), (x, 100.0 * s.high)], BLACK.stroke_width(2)))?;
        }
    }
    root.present()?;
    Ok(())
}
