package org.planlab.engine.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Memory sizes as configurations write them: a number of bytes with an optional binary unit,
 * {@code 4096}, {@code 512k}, {@code 700m}, {@code 2g}, {@code 1.5g} (k = 1024). Used for memory
 * budgets on the command line and in descriptors.
 */
public final class ByteSize {
  private static final Pattern SIZE =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)b?", Pattern.CASE_INSENSITIVE);

  private ByteSize() {
  }

  /**
   * The bytes {@code text} denotes.
   *
   * @throws IllegalArgumentException naming the text when it is not a size or is too large
   */
  public static long parse(String text) {
    Matcher m = SIZE.matcher(text.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a memory size; use e.g. 4096, "
          + "512k, 700m, 2g");
    }
    int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "k" -> 10;
      case "m" -> 20;
      case "g" -> 30;
      case "t" -> 40;
      default -> 0;
    };
    double bytes = Double.parseDouble(m.group(1)) * (1L << shift);
    if (bytes >= 0x1p63) {
      throw new IllegalArgumentException("memory size '" + text + "' is too large");
    }
    return (long) bytes;
  }

  /** {@code bytes} in binary units with one decimal: {@code 512 B}, {@code 1.5 KiB}, ... */
  public static String format(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = bytes;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
