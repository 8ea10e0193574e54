package org.planlab.experiment.report;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/** Draws report figures with XChart and encodes them as PNG, without a display. */
public final class Charts {
  static final int WIDTH = 900;
  static final int HEIGHT = 540;

  /** One line of a line chart: x and y of the data points that have a value. */
  public record Line(String name, double[] x, double[] y) {
  }

  private Charts() {
  }

  /** A line chart of the metric against one numeric parameter, one line per variant. */
  public static byte[] line(String title, String xTitle, String yTitle, List<Line> lines,
      boolean logX, boolean logY) {
    headless();
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    style(chart.getStyler());
    chart.getStyler().setXAxisLogarithmic(logX);
    chart.getStyler().setYAxisLogarithmic(logY);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    for (Line l : lines) {
      chart.addSeries(l.name(), l.x(), l.y());
    }
    return png(chart);
  }

  /**
   * A grouped bar chart: one group per category, one bar per series; a null value is a
   * missing bar (a failed point).
   */
  public static byte[] bars(String title, String xTitle, String yTitle, List<String> categories,
      Map<String, List<Double>> series, boolean logY) {
    headless();
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    style(chart.getStyler());
    chart.getStyler().setYAxisLogarithmic(logY);
    if (logY) {
      // XChart grows bars from zero, which a log axis cannot show: start at the decade below
      // the smallest value
      double min = series.values().stream().flatMap(List::stream)
          .filter(v -> v != null && v > 0).mapToDouble(Double::doubleValue).min().orElse(1);
      chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
    }
    if (categories.size() > 6) {
      chart.getStyler().setXAxisLabelRotation(45);
    }
    for (Map.Entry<String, List<Double>> s : series.entrySet()) {
      chart.addSeries(s.getKey(), categories, s.getValue());
    }
    return png(chart);
  }

  static void style(Styler s) {
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setChartBackgroundColor(java.awt.Color.WHITE);
  }

  static byte[] png(Chart<?, ?> chart) {
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new ReportException("cannot encode figure '" + chart.getTitle() + "': " + e, e);
    }
  }

  /**
   * Figures are drawn on machines without a display (CI, ssh); without headless mode AWT would
   * try to connect to one. Set only when the user did not choose otherwise.
   */
  static void headless() {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }
}
