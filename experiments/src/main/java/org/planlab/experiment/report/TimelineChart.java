package org.planlab.experiment.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.planlab.engine.stats.StatisticsSnapshot.Span;

/**
 * A run's timeline as a Gantt-style chart: one horizontal lane per thread (the interpreter's
 * thread first, then prefetch and other threads by when they first ran something), one bar per
 * instruction or prefetch span, colored by where it ran ({@link Kind}), x in milliseconds since
 * the run's first span. XChart has no bar type for intervals, so each kind is one XY series of
 * thick line segments separated by NaN, which XChart draws as gaps. Spans shorter than
 * {@link #MIN_FRACTION} of the run are left out, so a few hundred spans stay readable; the
 * title says how many.
 */
final class TimelineChart {
  /** Spans shorter than this fraction of the run (first start to last end) are not drawn. */
  static final double MIN_FRACTION = 0.005;

  private static final int LANE_PIXELS = 48;
  /** Where a lane's name goes, in lanes above its bars' middle. */
  private static final double LABEL_OFFSET = 0.4;
  private static final int FRAME_PIXELS = 170;
  private static final int MIN_HEIGHT = 300;

  /** Where a span ran, as its bar's color; the legend's order. */
  enum Kind {
    CP("cp", new Color(0x1f77b4)),
    SPARK("spark", new Color(0xff7f0e)),
    GPU("gpu", new Color(0x2ca02c)),
    PREFETCH("prefetch", new Color(0x9467bd)),
    OTHER("other", new Color(0x7f7f7f));

    final String label;
    final Color color;

    Kind(String label, Color color) {
      this.label = label;
      this.color = color;
    }

    /** A prefetch by its name ({@code prefetch OPCODE}), every other span by where it ran. */
    static Kind of(Span s) {
      if (s.name().startsWith("prefetch ")) {
        return PREFETCH;
      }
      for (Kind k : values()) {
        if (k != PREFETCH && k.label.equals(s.where())) {
          return k;
        }
      }
      return OTHER;
    }
  }

  private TimelineChart() {
  }

  /** How many spans are drawn and how many are too short. */
  record Drawn(int drawn, int skipped) {
  }

  /** The spans at least {@link #MIN_FRACTION} of the run long, and the count of the others. */
  static Drawn count(List<Span> spans) {
    long threshold = threshold(spans);
    int drawn = (int) spans.stream().filter(s -> s.endNanos() - s.startNanos() >= threshold)
        .count();
    return new Drawn(drawn, spans.size() - drawn);
  }

  /**
   * The chart as PNG.
   *
   * @param title the first part of the title ({@link #title} adds the counts)
   * @param spans at least one span
   */
  static byte[] draw(String title, List<Span> spans) {
    if (spans.isEmpty()) {
      throw new IllegalArgumentException("a timeline chart needs at least one span");
    }
    long origin = spans.stream().mapToLong(Span::startNanos).min().orElseThrow();
    long threshold = threshold(spans);
    List<String> lanes = lanes(spans);

    Map<Kind, List<double[]>> segments = new LinkedHashMap<>();
    for (Kind k : Kind.values()) {
      segments.put(k, new ArrayList<>());
    }
    for (Span s : spans) {
      if (s.endNanos() - s.startNanos() >= threshold) {
        segments.get(Kind.of(s)).add(new double[] {(s.startNanos() - origin) / 1e6,
            (s.endNanos() - origin) / 1e6, lanes.indexOf(s.thread())});
      }
    }

    int height = Math.max(MIN_HEIGHT, FRAME_PIXELS + LANE_PIXELS * lanes.size());
    Charts.headless();
    XYChart chart = new XYChartBuilder().width(Charts.WIDTH).height(height)
        .title(title(title, spans))
        .xAxisTitle("time since the first span [ms]").yAxisTitle("threads").build();
    Charts.style(chart.getStyler());
    chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    chart.getStyler().setYAxisMin(-0.5);
    chart.getStyler().setYAxisMax(lanes.size() - 0.5);
    // lanes are named by text above their bars rather than by tick labels, which XChart puts
    // at numeric steps of its own choosing, not one per lane
    chart.getStyler().setYAxisTicksVisible(false);
    chart.getStyler().setPlotGridHorizontalLinesVisible(false);
    double middle = (spans.stream().mapToLong(Span::endNanos).max().orElseThrow() - origin)
        / 2e6;
    for (int lane = 0; lane < lanes.size(); lane++) {
      chart.addAnnotation(new AnnotationText(lanes.get(lane), middle, lane + LABEL_OFFSET,
          false));
    }
    float barPixels = LANE_PIXELS * 0.5f;
    for (Map.Entry<Kind, List<double[]>> e : segments.entrySet()) {
      if (e.getValue().isEmpty()) {
        continue;
      }
      int n = e.getValue().size();
      double[] x = new double[3 * n];
      double[] y = new double[3 * n];
      for (int i = 0; i < n; i++) {
        double[] seg = e.getValue().get(i);
        x[3 * i] = seg[0];
        x[3 * i + 1] = seg[1];
        x[3 * i + 2] = seg[1];
        y[3 * i] = seg[2];
        y[3 * i + 1] = seg[2];
        y[3 * i + 2] = Double.NaN; // a gap: the next bar is not joined to this one
      }
      XYSeries s = chart.addSeries(e.getKey().label, x, y);
      s.setMarker(SeriesMarkers.NONE);
      s.setLineColor(e.getKey().color);
      s.setLineStyle(new BasicStroke(barPixels, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
    }
    return Charts.png(chart);
  }

  /**
   * The chart's title: {@code head}, then how many spans are drawn and how many are too short
   * to be, e.g. {@code head (212 spans; 37 under 0.5% of the run not drawn)}.
   */
  static String title(String head, List<Span> spans) {
    Drawn d = count(spans);
    return head + String.format(Locale.ROOT, " (%d spans%s)", d.drawn(),
        d.skipped() == 0 ? "" : String.format(Locale.ROOT,
            "; %d under %.1f%% of the run not drawn", d.skipped(), MIN_FRACTION * 100));
  }

  /** {@link #MIN_FRACTION} of the time from the first start to the last end, in nanoseconds. */
  private static long threshold(List<Span> spans) {
    long start = spans.stream().mapToLong(Span::startNanos).min().orElse(0);
    long end = spans.stream().mapToLong(Span::endNanos).max().orElse(0);
    return (long) Math.ceil((end - start) * MIN_FRACTION);
  }

  /** The threads, the first span's first, the others by when they first ran something. */
  static List<String> lanes(List<Span> spans) {
    List<Span> byStart = new ArrayList<>(spans);
    byStart.sort(java.util.Comparator.comparingLong(Span::startNanos));
    List<String> lanes = new ArrayList<>();
    for (Span s : byStart) {
      if (!lanes.contains(s.thread())) {
        lanes.add(s.thread());
      }
    }
    return lanes;
  }
}
