package org.planlab.engine.runtime.instructions;

import java.util.List;
import java.util.Locale;
import org.planlab.engine.data.ScalarValue;

/**
 * DML's printf-style {@code print(format, args...)}: Java format specifiers {@code %d},
 * {@code %f}, {@code %5.4f}, {@code %e}, {@code %s}, {@code %%}; {@code %d} takes the argument
 * as an integer, the floating-point ones as a double, {@code %s} as DML prints it.
 */
public final class Printf {
  private Printf() {
  }

  /** The formatted text. */
  public static String format(String format, List<ScalarValue> args) {
    StringBuilder out = new StringBuilder();
    int next = 0;
    int i = 0;
    while (i < format.length()) {
      char c = format.charAt(i);
      if (c != '%') {
        out.append(c);
        i++;
        continue;
      }
      int j = i + 1;
      while (j < format.length() && "-+ 0#.,0123456789".indexOf(format.charAt(j)) >= 0) {
        j++;
      }
      if (j >= format.length()) {
        throw new IllegalArgumentException("incomplete format specifier at the end of \""
            + format + "\"");
      }
      char conv = format.charAt(j);
      String spec = format.substring(i, j + 1);
      if (conv == '%') {
        out.append('%');
      } else if (conv == 'n') {
        out.append('\n');
      } else {
        if (next >= args.size()) {
          throw new IllegalArgumentException("format \"" + format + "\" needs more than "
              + args.size() + " argument(s)");
        }
        ScalarValue a = args.get(next++);
        Object v = switch (conv) {
          case 'd', 'x', 'o' -> a.asLong();
          case 'f', 'e', 'E', 'g', 'G' -> a.asDouble();
          case 's', 'S' -> a.asString();
          default -> throw new IllegalArgumentException("unsupported format specifier " + spec
              + " in \"" + format + "\"");
        };
        out.append(String.format(Locale.ROOT, spec, v));
      }
      i = j + 1;
    }
    return out.toString();
  }
}
