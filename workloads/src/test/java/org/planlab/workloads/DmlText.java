package org.planlab.workloads;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plain text checks of DML scripts for the catalogue tests, until the parser can check them:
 * comments and strings removed, bracket balance, and the parameter list of a function.
 */
final class DmlText {
  private DmlText() {
  }

  /** A formal parameter: type text, name, default text (null when required). */
  record Param(String type, String name, String defaultText) {
  }

  /** The script with {@code #} comments removed (outside strings). */
  static String withoutComments(String script) {
    StringBuilder out = new StringBuilder();
    char quote = 0;
    boolean comment = false;
    for (int i = 0; i < script.length(); i++) {
      char c = script.charAt(i);
      if (comment) {
        if (c == '\n') {
          comment = false;
          out.append(c);
        }
        continue;
      }
      if (quote != 0) {
        out.append(c);
        if (c == '\\' && i + 1 < script.length()) {
          out.append(script.charAt(++i));
        } else if (c == quote) {
          quote = 0;
        }
        continue;
      }
      if (c == '#') {
        comment = true;
      } else {
        if (c == '"' || c == '\'') {
          quote = c;
        }
        out.append(c);
      }
    }
    return out.toString();
  }

  /** The script without comments and with every string literal replaced by {@code ""}. */
  static String code(String script) {
    String noComments = withoutComments(script);
    StringBuilder out = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < noComments.length(); i++) {
      char c = noComments.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
          out.append('"');
        }
        continue;
      }
      if (c == '"' || c == '\'') {
        quote = c;
        out.append('"');
        continue;
      }
      out.append(c);
    }
    return out.toString();
  }

  /** Null when (), [] and {} nest properly in {@code code}, else what is wrong and where. */
  static String bracketProblem(String code) {
    StringBuilder stack = new StringBuilder();
    int line = 1;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c == '\n') {
        line++;
      } else if (c == '(' || c == '[' || c == '{') {
        stack.append(c);
      } else if (c == ')' || c == ']' || c == '}') {
        char open = c == ')' ? '(' : c == ']' ? '[' : '{';
        if (stack.length() == 0 || stack.charAt(stack.length() - 1) != open) {
          return "unbalanced '" + c + "' at line " + line;
        }
        stack.setLength(stack.length() - 1);
      }
    }
    return stack.length() == 0 ? null : "unclosed '" + stack + "' at the end";
  }

  /** The parameters of {@code name = function(...)} in {@code code}, in order. */
  static List<Param> parameters(String code, String name) {
    Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + "\\s*=\\s*function\\s*\\(").matcher(code);
    if (!m.find()) {
      throw new AssertionError("no function " + name);
    }
    List<String> parts = arguments(code, m.end());
    List<Param> params = new ArrayList<>();
    Pattern p = Pattern.compile("\\s*([A-Za-z]+(?:\\[[A-Za-z]+\\])?)\\s+([A-Za-z_][A-Za-z0-9_.]*)\\s*(?:=\\s*(.*?))?\\s*",
        Pattern.DOTALL);
    for (String part : parts) {
      Matcher pm = p.matcher(part);
      if (!pm.matches()) {
        throw new AssertionError("cannot read parameter '" + part.strip() + "' of " + name);
      }
      params.add(new Param(pm.group(1), pm.group(2), pm.group(3)));
    }
    return params;
  }

  /**
   * The comma-separated parts of a parenthesised list whose opening parenthesis ends just
   * before {@code start}, up to its closing parenthesis (commas inside nested parentheses and
   * brackets do not split).
   */
  private static List<String> arguments(String code, int start) {
    int depth = 1;
    int i = start;
    int partStart = start;
    List<String> parts = new ArrayList<>();
    while (depth > 0) {
      char c = code.charAt(i);
      if (c == '(' || c == '[') {
        depth++;
      } else if (c == ')' || c == ']') {
        depth--;
      } else if (c == ',' && depth == 1) {
        parts.add(code.substring(partStart, i));
        partStart = i + 1;
      }
      i++;
    }
    parts.add(code.substring(partStart, i - 1));
    return parts;
  }

  /** The results of {@code name = function(...) return (...)} in {@code code}, in order. */
  static List<Param> results(String code, String name) {
    Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + "\\s*=\\s*function\\s*\\(").matcher(code);
    if (!m.find()) {
      throw new AssertionError("no function " + name);
    }
    Matcher r = Pattern.compile("\\)\\s*return\\s*\\(").matcher(code);
    if (!r.find(m.end())) {
      throw new AssertionError("no results of " + name);
    }
    int close = code.indexOf(')', r.end());
    return parameters("f = function(" + code.substring(r.end(), close) + ")", "f");
  }

  /** A call: its named arguments' names and how many arguments are positional. */
  record Call(List<String> named, int positional) {
  }

  /** Every call of {@code name(...)} in {@code code} (use {@link #code}: no comments or strings). */
  static List<Call> calls(String code, String name) {
    List<Call> calls = new ArrayList<>();
    Matcher m = Pattern.compile("(?<![A-Za-z0-9_.:$])" + Pattern.quote(name) + "\\s*\\(").matcher(code);
    Pattern namedArg = Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*=(?!=).*", Pattern.DOTALL);
    while (m.find()) {
      List<String> parts = arguments(code, m.end());
      List<String> named = new ArrayList<>();
      int positional = 0;
      for (String part : parts) {
        Matcher a = namedArg.matcher(part);
        if (a.matches()) {
          named.add(a.group(1));
        } else if (!part.isBlank()) {
          positional++;
        }
      }
      calls.add(new Call(named, positional));
    }
    return calls;
  }

  /** {@code name -> default text} of every {@code name = ifdef($name, default)} in {@code code}. */
  static Map<String, String> ifdefs(String code) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = Pattern.compile("(?m)^\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*ifdef\\(\\$([A-Za-z_][A-Za-z0-9_]*)\\s*,\\s*(.*?)\\)\\s*$")
        .matcher(code);
    while (m.find()) {
      if (!m.group(1).equals(m.group(2))) {
        throw new AssertionError("ifdef($" + m.group(2) + ") is assigned to " + m.group(1));
      }
      out.put(m.group(2), m.group(3));
    }
    return out;
  }

  /** Every {@code $name} in {@code code}. */
  static List<String> dollarArgs(String code) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)").matcher(code);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
