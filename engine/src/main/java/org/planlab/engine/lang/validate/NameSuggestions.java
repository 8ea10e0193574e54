package org.planlab.engine.lang.validate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** "did you mean ...?" for unknown names: the closest candidates by edit distance. */
final class NameSuggestions {
  private static final int MAX_SUGGESTIONS = 3;

  private NameSuggestions() {}

  /** Up to three candidates close to {@code name}, closest first. */
  static List<String> closest(String name, Collection<String> candidates) {
    record Scored(String name, int distance) {}
    List<Scored> scored = new ArrayList<>();
    for (String c : candidates) {
      if (c.equals(name)) {
        continue;
      }
      int d = distance(name.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
      // allow about one edit per three characters, at least one, at most three
      int allowed = Math.max(1, Math.min(3, Math.max(name.length(), c.length()) / 3));
      // and never replace a whole name ('s' is not a typo of 'r')
      if (d <= allowed && d < Math.max(name.length(), c.length())) {
        scored.add(new Scored(c, d));
      }
    }
    scored.sort(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name));
    return scored.stream().limit(MAX_SUGGESTIONS).map(Scored::name).toList();
  }

  /** "; did you mean 'a' or 'b'?" or "" when nothing is close. */
  static String didYouMean(String name, Collection<String> candidates) {
    List<String> close = closest(name, candidates);
    if (close.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("; did you mean ");
    for (int i = 0; i < close.size(); i++) {
      if (i > 0) {
        sb.append(i == close.size() - 1 ? " or " : ", ");
      }
      sb.append('\'').append(close.get(i)).append('\'');
    }
    return sb.append('?').toString();
  }

  /** Levenshtein distance with adjacent transpositions counted as one edit. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
