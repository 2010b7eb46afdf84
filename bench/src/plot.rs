//! SVG bar charts, one file per benchmark group (`bench/plots/GROUP.svg`).
//!
//! Each benchmark of the group gets a panel with one bar per runtime (median
//! ns/iter) and a min–max whisker. A panel switches to a logarithmic axis when
//! its values span more than 10x.

use std::path::Path;

use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::report::{fmt_ns, group_thousands};
use crate::results::{BenchmarkResult, Status};
use crate::runtime::RuntimeKind;

/// One bar of a panel.
#[derive(Clone, Debug)]
pub struct Bar {
    /// The runtime measured.
    pub runtime: RuntimeKind,
    /// Median ns/iter (the bar height).
    pub median: f64,
    /// Fastest run (whisker bottom).
    pub min: f64,
    /// Slowest run (whisker top).
    pub max: f64,
}

/// One benchmark's panel.
#[derive(Clone, Debug)]
pub struct Panel {
    /// Panel title (benchmark name and N).
    pub title: String,
    /// Bars in runtime order; never empty.
    pub bars: Vec<Bar>,
}

impl Panel {
    /// The panel for a benchmark's `ok` results, or `None` if there are none.
    pub fn from_result(b: &BenchmarkResult) -> Option<Panel> {
        let bars: Vec<Bar> = b
            .results
            .iter()
            .filter(|c| c.status == Status::Ok)
            .filter_map(|c| {
                Some(Bar {
                    runtime: c.runtime,
                    median: c.median_ns_per_iter?,
                    min: c.min_ns_per_iter?,
                    max: c.max_ns_per_iter?,
                })
            })
            .filter(|bar| bar.median > 0.0 && bar.min > 0.0)
            .collect();
        (!bars.is_empty()).then(|| Panel {
            title: format!("{} (N = {})", b.name, group_thousands(b.n)),
            bars,
        })
    }
}

const PANEL_W: u32 = 440;
const PANEL_H: u32 = 340;
const CAPTION_H: u32 = 40;
const MAX_COLUMNS: usize = 3;

fn color(kind: RuntimeKind) -> RGBColor {
    match kind {
        RuntimeKind::Typhon => RGBColor(214, 84, 32),
        RuntimeKind::TyphonNojit => RGBColor(241, 163, 104),
        RuntimeKind::Cpython => RGBColor(55, 110, 180),
        RuntimeKind::Pypy => RGBColor(74, 150, 74),
        RuntimeKind::Native => RGBColor(110, 110, 110),
    }
}

/// Draws `panels` into an SVG file at `path` under the caption `caption`.
pub fn draw_group(path: &Path, caption: &str, panels: &[Panel]) -> Result<(), String> {
    if panels.is_empty() {
        return Err("nothing to plot".to_owned());
    }
    let cols = panels.len().min(MAX_COLUMNS);
    let rows = panels.len().div_ceil(cols);
    let size = (PANEL_W * cols as u32, PANEL_H * rows as u32 + CAPTION_H);
    let root = SVGBackend::new(path, size).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (title_area, body) = root.split_vertically(CAPTION_H);
    title_area
        .titled(caption, ("sans-serif", 22))
        .map_err(|e| e.to_string())?;
    let areas = body.split_evenly((rows, cols));
    for (panel, area) in panels.iter().zip(areas.iter()) {
        draw_panel(area, panel)?;
    }
    root.present().map_err(|e| e.to_string())
}

fn draw_panel(area: &DrawingArea<SVGBackend<'_>, Shift>, panel: &Panel) -> Result<(), String> {
    let lo = panel
        .bars
        .iter()
        .map(|b| b.min)
        .fold(f64::INFINITY, f64::min);
    let hi = panel.bars.iter().map(|b| b.max).fold(0.0, f64::max);
    if lo > 0.0 && hi / lo > 10.0 {
        // Whole decades, with headroom above the tallest whisker for its label.
        let bottom = 10f64.powf(lo.log10().floor());
        let top = 10f64.powf((hi * 3.0).log10().ceil());
        draw_bars(
            area,
            panel,
            (bottom..top).log_scale(),
            bottom,
            "ns/iter (log scale)",
        )
    } else {
        draw_bars(area, panel, 0.0..hi * 1.2, 0.0, "ns/iter")
    }
}

fn draw_bars<Y>(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    panel: &Panel,
    y_spec: Y,
    y_base: f64,
    y_desc: &str,
) -> Result<(), String>
where
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let n = panel.bars.len();
    // Ticks at every bar centre and boundary; only centres get a label.
    let x_spec = (-0.5..n as f64 - 0.5).step(0.5);
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.title, ("sans-serif", 17))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(78)
        .build_cartesian_2d(x_spec, y_spec)
        .map_err(|e| e.to_string())?;

    let label_of = |x: &f64| {
        let i = x.round();
        if (x - i).abs() < 1e-6 && i >= 0.0 {
            panel
                .bars
                .get(i as usize)
                .map(|b| b.runtime.label().to_owned())
                .unwrap_or_default()
        } else {
            String::new()
        }
    };
    let y_label = |y: &f64| fmt_tick(*y);
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(2 * n + 2)
        .x_label_formatter(&label_of)
        .y_label_formatter(&y_label)
        .y_desc(y_desc)
        .y_labels(8)
        .label_style(("sans-serif", 12))
        .draw()
        .map_err(|e| e.to_string())?;

    chart
        .draw_series(panel.bars.iter().enumerate().map(|(i, b)| {
            let x = i as f64;
            Rectangle::new(
                [(x - 0.32, y_base), (x + 0.32, b.median)],
                color(b.runtime).filled(),
            )
        }))
        .map_err(|e| e.to_string())?;
    // Min–max whiskers with caps.
    chart
        .draw_series(panel.bars.iter().enumerate().flat_map(|(i, b)| {
            let x = i as f64;
            let style = BLACK.stroke_width(1);
            [
                PathElement::new(vec![(x, b.min), (x, b.max)], style),
                PathElement::new(vec![(x - 0.08, b.min), (x + 0.08, b.min)], style),
                PathElement::new(vec![(x - 0.08, b.max), (x + 0.08, b.max)], style),
            ]
        }))
        .map_err(|e| e.to_string())?;
    // The median above each whisker.
    let text =
        TextStyle::from(("sans-serif", 12).into_font()).pos(Pos::new(HPos::Center, VPos::Bottom));
    chart
        .draw_series(panel.bars.iter().enumerate().map(|(i, b)| {
            EmptyElement::at((i as f64, b.max)) + Text::new(fmt_ns(b.median), (0, -4), text.clone())
        }))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Axis tick label: like [`fmt_ns`] but without trailing zeros (`100`, `2.5`).
fn fmt_tick(ns: f64) -> String {
    if ns >= 10_000.0 {
        return group_thousands(ns.round() as u64);
    }
    let s = format!("{ns:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panel(values: &[f64]) -> Panel {
        Panel {
            title: "t (N = 1)".into(),
            bars: values
                .iter()
                .zip([
                    RuntimeKind::Typhon,
                    RuntimeKind::TyphonNojit,
                    RuntimeKind::Cpython,
                    RuntimeKind::Pypy,
                    RuntimeKind::Native,
                ])
                .map(|(&v, runtime)| Bar {
                    runtime,
                    median: v,
                    min: v * 0.9,
                    max: v * 1.1,
                })
                .collect(),
        }
    }

    #[test]
    fn formats_ticks() {
        assert_eq!(fmt_tick(1000.0), "1000");
        assert_eq!(fmt_tick(2.5), "2.5");
        assert_eq!(fmt_tick(0.0), "0");
        assert_eq!(fmt_tick(100_000.0), "100,000");
    }

    #[test]
    fn draws_linear_and_log_panels() {
        let dir = std::env::temp_dir().join(format!("bench-plot-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("g.svg");
        let panels = [
            panel(&[10.0, 20.0, 15.0]),
            panel(&[1.0, 5e4, 3e2, 7.0, 2.0]),
            panel(&[3.0]),
        ];
        draw_group(&path, "test group", &panels).expect("plot is drawn");
        let svg = std::fs::read_to_string(&path).expect("svg written");
        assert!(svg.contains("<svg") && svg.contains("CPython") && svg.contains("log scale"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
