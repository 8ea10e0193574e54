package org.planlab.experiment.run;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.experiment.descriptor.ExperimentDescriptor;
import org.planlab.experiment.descriptor.ExperimentDescriptor.DataInput;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Study;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Variant;
import org.planlab.workloads.DataSpec;

/**
 * The points of an experiment: per study (workload, outermost), the cartesian product of its
 * axes (every parameter, then every data parameter, given as a list of more than one value, in
 * descriptor order; the last axis varies fastest) times its variants (innermost, so the variants
 * of one data point run one after the other and are compared on the same data). A point's id
 * joins {@code AXIS-VALUE} of the axes that vary with {@code _}, then {@code __VARIANT} when
 * there is more than one variant ({@code X.rows-1e5_X.cols-10__FA}); a grid without axes names
 * its points by variant. With several workloads each id starts with the workload
 * ({@code l2svm_X.rows-1e5__FA}).
 */
public final class Grid {
  private Grid() {
  }

  /** One axis: where its values go and the values. */
  private record Axis(String column, String input, String key, List<String> values) {
  }

  /** Every point of {@code d}, in execution order. */
  public static List<GridPoint> expand(ExperimentDescriptor d) {
    List<GridPoint> points = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    for (Study study : d.studies()) {
      String prefix = d.studies().size() > 1 ? study.label() : null;
      points.addAll(expand(study, d.variants(), prefix, ids));
    }
    return List.copyOf(points);
  }

  private static List<GridPoint> expand(Study study, List<Variant> variants, String prefix,
      Set<String> ids) {
    List<Axis> axes = new ArrayList<>();
    study.params().forEach((k, vs) -> axes.add(new Axis(k, null, k, vs)));
    for (DataInput in : study.data()) {
      in.params().forEach((k, vs) -> axes.add(new Axis(in.name() + "." + k, in.name(), k, vs)));
    }
    List<Axis> varying = axes.stream().filter(a -> a.values().size() > 1).toList();
    List<GridPoint> points = new ArrayList<>();
    int[] choice = new int[axes.size()];
    while (true) {
      for (Variant v : variants) {
        points.add(point(study, variants, prefix, axes, varying, choice, v, ids));
      }
      int i = axes.size() - 1;
      while (i >= 0 && ++choice[i] == axes.get(i).values().size()) {
        choice[i] = 0;
        i--;
      }
      if (i < 0) {
        return points;
      }
    }
  }

  private static GridPoint point(Study study, List<Variant> variants, String prefix,
      List<Axis> axes, List<Axis> varying, int[] choice, Variant variant, Set<String> ids) {
    Map<String, String> args = new LinkedHashMap<>();
    Map<String, Map<String, String>> inputs = new LinkedHashMap<>();
    study.data().forEach(in -> inputs.put(in.name(), new LinkedHashMap<>()));
    List<String> idParts = new ArrayList<>();
    for (int i = 0; i < axes.size(); i++) {
      Axis a = axes.get(i);
      String value = a.values().get(choice[i]);
      if (a.input() == null) {
        args.put(a.key(), value);
      } else {
        inputs.get(a.input()).put(a.key(), value);
      }
      if (varying.contains(a)) {
        idParts.add(a.column() + "-" + idValue(value));
      }
    }
    Map<String, DataSpec> data = new LinkedHashMap<>();
    for (DataInput in : study.data()) {
      data.put(in.name(), new DataSpec(in.generator(), inputs.get(in.name())));
    }
    // the variant is part of the id only when it varies, or when nothing else does
    String base = idParts.isEmpty() ? variant.name()
        : variants.size() == 1 ? String.join("_", idParts)
        : String.join("_", idParts) + "__" + variant.name();
    if (prefix != null) {
      base = prefix + "_" + base;
    }
    String id = base;
    for (int n = 2; !ids.add(id); n++) {
      // two values that look alike once made file-name-safe still get distinct ids
      id = base + "-" + n;
    }
    return new GridPoint(id, study, variant, args, data, columns(args, data));
  }

  /**
   * The parameters, then each input's parameters, with {@code $k} replaced by the argument and
   * {@code @X.rows} / {@code @X.cols} by X's literal shape when it has one.
   */
  private static Map<String, String> columns(Map<String, String> args,
      Map<String, DataSpec> data) {
    Map<String, String> cols = new LinkedHashMap<>(args);
    Map<String, String> known = new HashMap<>();
    data.forEach((input, spec) -> spec.params().forEach((k, v) -> {
      String value = v;
      if (v.startsWith("$") && args.containsKey(v.substring(1))) {
        value = args.get(v.substring(1));
      } else if ((v.endsWith(".rows") || v.endsWith(".cols")) && v.startsWith("@")) {
        value = known.getOrDefault(v.substring(1), v);
      }
      known.put(input + "." + k, value);
      cols.put(input + "." + k, value);
    }));
    return cols;
  }

  /**
   * A value as it appears in a point id: integers with at least three trailing zeros in
   * exponent notation ({@code 100000 -> 1e5}, {@code 2500 -> 2500}, {@code 25000 -> 2.5e4}),
   * other text with every character outside {@code [A-Za-z0-9.-]} replaced by {@code _}.
   */
  static String idValue(String value) {
    try {
      BigDecimal b = new BigDecimal(value.strip());
      if (b.signum() > 0 && b.stripTrailingZeros().scale() <= -3) {
        BigDecimal s = b.stripTrailingZeros();
        int exponent = s.precision() - s.scale() - 1;
        BigDecimal mantissa = s.movePointLeft(exponent).stripTrailingZeros();
        return mantissa.toPlainString() + "e" + exponent;
      }
    } catch (NumberFormatException e) {
      // not a number: fall through to the character rule
    }
    return value.replaceAll("[^A-Za-z0-9.-]", "_");
  }
}
