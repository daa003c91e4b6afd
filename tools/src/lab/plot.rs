//! Hand-written SVG line charts for the lab's tables: nodes generated (log
//! scale) against search depth per algorithm, and decision quality against
//! nodes for the δ sweep. An SVG is a few lines of text; no crate needed.

use std::fmt::Write;

use super::experiment::ForwardTable;

/// One line of a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub label: String,
    pub colour: &'static str,
    pub dashed: bool,
    pub points: Vec<(f64, f64)>,
}

/// How an axis maps values to the page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    Linear {
        min: f64,
        max: f64,
    },
    /// Base 10; `min` and `max` positive.
    Log {
        min: f64,
        max: f64,
    },
}

impl Scale {
    /// Where `value` falls between the axis ends, 0 at `min` and 1 at `max`.
    pub fn fraction(self, value: f64) -> f64 {
        match self {
            Scale::Linear { min, max } => (value - min) / (max - min),
            Scale::Log { min, max } => (value.log10() - min.log10()) / (max.log10() - min.log10()),
        }
    }

    /// Values to mark on the axis: powers of ten on a log axis, round
    /// steps on a linear one.
    pub fn ticks(self) -> Vec<f64> {
        match self {
            Scale::Log { min, max } => (min.log10().ceil() as i32..=max.log10().floor() as i32).map(|e| 10f64.powi(e)).collect(),
            Scale::Linear { min, max } => {
                let raw = (max - min) / 5.0;
                let magnitude = 10f64.powf(raw.log10().floor());
                let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * magnitude).find(|s| *s >= raw).unwrap_or(raw);
                let first = (min / step).ceil() as i64;
                let last = (max / step).floor() as i64;
                (first..=last).map(|i| i as f64 * step).collect()
            }
        }
    }

    /// A scale that holds every value, with a little room on a log axis.
    fn fitting(values: impl Iterator<Item = f64> + Clone, log: bool) -> Scale {
        let min = values.clone().fold(f64::INFINITY, f64::min);
        let max = values.fold(f64::NEG_INFINITY, f64::max);
        if log {
            let min = 10f64.powf(min.max(1e-9).log10().floor());
            let max = 10f64.powf(max.max(min * 10.0).log10().ceil());
            Scale::Log { min, max }
        } else if max > min {
            Scale::Linear { min, max }
        } else {
            Scale::Linear { min: min - 1.0, max: max + 1.0 }
        }
    }
}

/// Where a chart's legend goes: a corner its lines leave empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legend {
    TopLeft,
    BottomRight,
}

/// One chart: title, axis labels and scales, lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub x: Scale,
    pub y: Scale,
    pub series: Vec<Series>,
    pub legend: Legend,
}

const PANEL_WIDTH: f64 = 560.0;
const PANEL_HEIGHT: f64 = 420.0;
/// Plot area inside a panel: left, top, right, bottom margins.
const MARGIN: (f64, f64, f64, f64) = (70.0, 40.0, 20.0, 55.0);
/// A legend entry's height, and the room a legend takes across.
const LEGEND_LINE: f64 = 16.0;
const LEGEND_WIDTH: f64 = 190.0;

/// The panels side by side in one SVG document.
pub fn svg(panels: &[Panel]) -> String {
    let width = PANEL_WIDTH * panels.len() as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{PANEL_HEIGHT}\" viewBox=\"0 0 {width} {PANEL_HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for (i, panel) in panels.iter().enumerate() {
        draw_panel(&mut out, panel, PANEL_WIDTH * i as f64);
    }
    out.push_str("</svg>\n");
    out
}

fn draw_panel(out: &mut String, panel: &Panel, left: f64) {
    let (ml, mt, mr, mb) = MARGIN;
    let (x0, x1, y0, y1) = (left + ml, left + PANEL_WIDTH - mr, PANEL_HEIGHT - mb, mt);
    let px = |x: f64| x0 + panel.x.fraction(x) * (x1 - x0);
    let py = |y: f64| y0 + panel.y.fraction(y) * (y1 - y0);
    let _ =
        writeln!(out, "<text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">{}</text>", (x0 + x1) / 2.0, escape(&panel.title));
    let _ = writeln!(out, "<rect x=\"{x0}\" y=\"{y1}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\"/>", x1 - x0, y0 - y1);
    for t in panel.x.ticks() {
        let x = px(t);
        let _ = writeln!(out, "<line x1=\"{x:.1}\" y1=\"{y0}\" x2=\"{x:.1}\" y2=\"{y1}\" stroke=\"#ddd\"/>");
        let _ = writeln!(out, "<text x=\"{x:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>", y0 + 16.0, tick_label(t));
    }
    for t in panel.y.ticks() {
        let y = py(t);
        let _ = writeln!(out, "<line x1=\"{x0}\" y1=\"{y:.1}\" x2=\"{x1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>");
        let _ = writeln!(out, "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>", x0 - 6.0, y + 4.0, tick_label(t));
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
        (x0 + x1) / 2.0,
        PANEL_HEIGHT - 15.0,
        escape(&panel.x_label)
    );
    let _ = writeln!(
        out,
        "<text transform=\"translate({} {}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
        left + 18.0,
        (y0 + y1) / 2.0,
        escape(&panel.y_label)
    );
    for (i, s) in panel.series.iter().enumerate() {
        let points: Vec<String> = s.points.iter().map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y))).collect();
        let dash = if s.dashed { " stroke-dasharray=\"6 4\"" } else { "" };
        let _ = writeln!(out, "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{dash}/>", points.join(" "), s.colour);
        for &(x, y) in &s.points {
            let _ = writeln!(out, "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\" fill=\"{}\"/>", px(x), py(y), s.colour);
        }
        let (lx, top) = match panel.legend {
            Legend::TopLeft => (x0 + 10.0, y1 + LEGEND_LINE),
            Legend::BottomRight => (x1 - LEGEND_WIDTH, y0 - LEGEND_LINE * panel.series.len() as f64),
        };
        let ly = top + LEGEND_LINE * i as f64;
        let _ = writeln!(
            out,
            "<line x1=\"{lx}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{}\" stroke-width=\"2\"{dash}/>",
            lx + 24.0,
            s.colour
        );
        let _ = writeln!(out, "<text x=\"{}\" y=\"{}\">{}</text>", lx + 30.0, ly + 4.0, escape(&s.label));
    }
}

fn tick_label(value: f64) -> String {
    if value >= 1e5 {
        format!("1e{}", value.log10().round())
    } else if value.fract() == 0.0 {
        format!("{value}")
    } else {
        format!("{value:.1}")
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

const COLOURS: [&str; 8] = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];

/// The forward-estimation table's charts: nodes against depth; and, when
/// the table has a δ sweep, decision quality against nodes.
pub fn forward_charts(table: &ForwardTable) -> String {
    let trees = format!("b {} d {}, {} trees", table.config.shape.branching, table.config.shape.depth, table.config.trials);
    let by_depth = |label: &str, colour, pick: &dyn Fn(&super::experiment::DepthRow) -> f64| Series {
        label: label.to_string(),
        colour,
        dashed: false,
        points: table.rows.iter().map(|r| (r.depth as f64, pick(r))).collect(),
    };
    let series = vec![
        by_depth("alpha-beta", COLOURS[0], &|r| r.alpha_beta.nodes),
        by_depth("FE exact", COLOURS[1], &|r| r.exact.nodes),
        by_depth("FE learned", COLOURS[2], &|r| r.learned.nodes),
    ];
    let nodes = series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).collect::<Vec<_>>();
    let depths = Scale::Linear { min: 1.0, max: table.config.shape.depth.max(2) as f64 };
    let mut panels = vec![Panel {
        title: format!("Nodes generated by search depth ({trees})"),
        x_label: "search depth".into(),
        y_label: "mean nodes generated (log)".into(),
        x: depths,
        y: Scale::fitting(nodes.iter().copied(), true),
        series,
        legend: Legend::TopLeft,
    }];
    if !table.sweep.is_empty() {
        panels.push(quality_panel(table, &trees));
    }
    svg(&panels)
}

/// Decision quality against nodes: alpha-beta, and forward estimation at
/// each δ (solid: exact bounds, dashed: learned).
fn quality_panel(table: &ForwardTable, trees: &str) -> Panel {
    let mut series = vec![Series {
        label: "alpha-beta".into(),
        colour: "black",
        dashed: false,
        points: table.rows.iter().map(|r| (r.alpha_beta.nodes, r.alpha_beta.quality)).collect(),
    }];
    for (i, &delta) in table.config.deltas.iter().enumerate() {
        let rows: Vec<_> = table.sweep.iter().filter(|r| r.delta == delta).collect();
        let colour = COLOURS[i % COLOURS.len()];
        series.push(Series {
            label: format!("FE exact, delta {delta}"),
            colour,
            dashed: false,
            points: rows.iter().map(|r| (r.exact.nodes, r.exact.quality)).collect(),
        });
        series.push(Series {
            label: format!("FE learned, delta {delta}"),
            colour,
            dashed: true,
            points: rows.iter().map(|r| (r.learned.nodes, r.learned.quality)).collect(),
        });
    }
    let nodes: Vec<f64> = series.iter().flat_map(|s| s.points.iter().map(|p| p.0)).collect();
    let quality: Vec<f64> = series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).collect();
    let low = quality.iter().copied().fold(100.0, f64::min);
    Panel {
        title: format!("Decision quality vs nodes, delta sweep ({trees})"),
        x_label: "mean nodes generated (log)".into(),
        y_label: "decision quality (%)".into(),
        x: Scale::fitting(nodes.iter().copied(), true),
        y: Scale::Linear { min: (low / 10.0).floor() * 10.0, max: 100.0 },
        series,
        legend: Legend::BottomRight,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::experiment::{forward_table, ForwardConfig};
    use crate::lab::protocol::Order;
    use crate::lab::tree::TreeShape;

    #[test]
    fn a_log_scale_puts_powers_of_ten_evenly() {
        let s = Scale::Log { min: 1.0, max: 1000.0 };
        assert!((s.fraction(10.0) - 1.0 / 3.0).abs() < 1e-12);
        assert!((s.fraction(1000.0) - 1.0).abs() < 1e-12);
        assert_eq!(s.ticks(), vec![1.0, 10.0, 100.0, 1000.0]);
        assert_eq!(Scale::fitting([3.0, 4500.0].into_iter(), true), Scale::Log { min: 1.0, max: 10000.0 });
    }

    #[test]
    fn a_linear_scale_ticks_in_round_steps() {
        assert_eq!(Scale::Linear { min: 1.0, max: 10.0 }.ticks(), vec![2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(Scale::Linear { min: 40.0, max: 100.0 }.ticks(), vec![40.0, 60.0, 80.0, 100.0]);
        assert_eq!(Scale::Linear { min: 0.0, max: 1.0 }.fraction(0.25), 0.25);
    }

    #[test]
    fn charts_hold_a_line_per_algorithm_and_one_per_delta_and_bounds() {
        let shape = TreeShape { branching: 4, depth: 4, uniform: false };
        let mut config = ForwardConfig { shape, trials: 5, seed: 1, order: Order::Sorted, deltas: Vec::new() };
        let one = forward_charts(&forward_table(&config));
        assert!(one.starts_with("<svg") && one.trim_end().ends_with("</svg>"));
        assert_eq!(one.matches("<polyline").count(), 3);
        assert_eq!(one.matches("<circle").count(), 3 * 4);
        config.deltas = vec![1.0, 0.5];
        let two = forward_charts(&forward_table(&config));
        assert_eq!(two.matches("<polyline").count(), 3 + 1 + 2 * 2);
        assert!(two.contains("FE learned, delta 0.5"));
    }
}
