//! `stats`: the statistics of selfplay files (`hetproba_analysis::stats`), printed, as JSON, or
//! drawn as SVG charts.

use crate::CliError;
use crate::files::{Kind, read_text};
use hetproba_analysis::stats::{describe, read, reports};

pub fn stats(files: &[String], json: bool, plot: Option<&str>) -> Result<(), CliError> {
    let mut texts = Vec::new();
    for file in files {
        texts.push((file.clone(), read_text(file, Kind::Games).map_err(CliError::failure)?));
    }
    let games = read(&texts)?;
    let reports = reports(&games);
    if let Some(dir) = plot {
        crate::plot::plot_all(dir, &reports)?;
    }
    if json {
        let text = serde_json::to_string_pretty(&reports).map_err(|e| CliError::failure(e.to_string()))?;
        crate::outln!("{text}");
        return Ok(());
    }
    for (i, r) in reports.iter().enumerate() {
        if i > 0 {
            crate::outln!();
        }
        for line in describe(r) {
            crate::outln!("{line}");
        }
    }
    Ok(())
}
