package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A report as a list of elements, rendered to Markdown or to a self-contained HTML page (no web
 * resources: figures are {@code <img>} tags to the PNG files beside it).
 *
 * @param title the page title
 * @param elements the content, in order
 */
record ReportDocument(String title, List<Element> elements) {
  ReportDocument {
    requireNonNull(title, "title is null");
    elements = List.copyOf(elements);
  }

  /** One block of a report. */
  sealed interface Element permits Heading, Paragraph, TableBlock, Figure {
  }

  /** A section heading (level 2 = workload). */
  record Heading(int level, String text) implements Element {
  }

  /** A sentence or two. */
  record Paragraph(String text) implements Element {
  }

  /**
   * A table whose first {@code labelColumns} columns are left-aligned labels and the others
   * right-aligned values.
   */
  record TableBlock(List<String> header, List<List<String>> rows, int labelColumns)
      implements Element {
    TableBlock {
      header = List.copyOf(header);
      rows = rows.stream().map(List::copyOf).toList();
    }
  }

  /** A figure file (name relative to the report) with its alternative text. */
  record Figure(String file, String alt) implements Element {
  }

  /** The report as GitHub-flavoured Markdown. */
  String markdown() {
    StringBuilder b = new StringBuilder("# ").append(title).append("\n");
    for (Element e : elements) {
      b.append('\n');
      if (e instanceof Heading h) {
        b.append("#".repeat(h.level())).append(' ').append(h.text()).append('\n');
      } else if (e instanceof Paragraph p) {
        b.append(p.text()).append('\n');
      } else if (e instanceof TableBlock t) {
        markdownTable(b, t);
      } else if (e instanceof Figure f) {
        b.append("![").append(f.alt()).append("](").append(f.file()).append(")\n");
      }
    }
    return b.toString();
  }

  private static void markdownTable(StringBuilder b, TableBlock t) {
    markdownRow(b, t.header());
    b.append('|');
    for (int c = 0; c < t.header().size(); c++) {
      b.append(c < t.labelColumns() ? "---|" : "---:|");
    }
    b.append('\n');
    t.rows().forEach(r -> markdownRow(b, r));
  }

  private static void markdownRow(StringBuilder b, List<String> cells) {
    b.append('|');
    for (String c : cells) {
      b.append(' ').append(c.replace("|", "\\|")).append(" |");
    }
    b.append('\n');
  }

  /** The report as one HTML page. */
  String html() {
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        .append(escape(title)).append("</title>\n<style>\n")
        .append("body { font-family: sans-serif; margin: 2em; }\n")
        .append("table { border-collapse: collapse; margin: 1em 0; }\n")
        .append("th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; }\n")
        .append("td.num { text-align: right; }\n")
        .append("</style>\n</head>\n<body>\n<h1>").append(escape(title)).append("</h1>\n");
    for (Element e : elements) {
      if (e instanceof Heading h) {
        b.append("<h").append(h.level()).append('>').append(escape(h.text())).append("</h")
            .append(h.level()).append(">\n");
      } else if (e instanceof Paragraph p) {
        b.append("<p>").append(escape(p.text())).append("</p>\n");
      } else if (e instanceof TableBlock t) {
        htmlTable(b, t);
      } else if (e instanceof Figure f) {
        b.append("<p><img src=\"").append(escape(f.file())).append("\" alt=\"")
            .append(escape(f.alt())).append("\"></p>\n");
      }
    }
    return b.append("</body>\n</html>\n").toString();
  }

  private static void htmlTable(StringBuilder b, TableBlock t) {
    b.append("<table>\n<tr>");
    t.header().forEach(h -> b.append("<th>").append(escape(h)).append("</th>"));
    b.append("</tr>\n");
    for (List<String> r : t.rows()) {
      b.append("<tr>");
      for (int c = 0; c < r.size(); c++) {
        b.append(c < t.labelColumns() ? "<td>" : "<td class=\"num\">").append(escape(r.get(c)))
            .append("</td>");
      }
      b.append("</tr>\n");
    }
    b.append("</table>\n");
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
