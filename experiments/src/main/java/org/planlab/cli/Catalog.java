package org.planlab.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.datagen.gen.GeneratorType;
import org.planlab.datagen.gen.Generators;
import org.planlab.engine.backend.BackendProvider;
import org.planlab.engine.backend.Backends;
import org.planlab.engine.codegen.gen.OperatorCompiler;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.spi.PluginOption;
import org.planlab.engine.spi.PluginProvider;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.StrategyKind;
import org.planlab.workloads.WorkloadCatalog;

/**
 * What {@code planlab list} shows, gathered from the modules that define it; strategies and
 * backends as {@link java.util.ServiceLoader} finds them on the class path, each with one line
 * of documentation and its options (key, type, default, doc); generators with their options'
 * defaults and ranges.
 */
final class Catalog {
  private Catalog() {
  }

  /** One listed name: its documentation line (may be empty) and option lines. */
  record Entry(String name, String doc, List<String> options) {
  }

  static Map<String, List<Entry>> sections() {
    Map<String, List<Entry>> m = new LinkedHashMap<>();
    m.put("workloads", plain(WorkloadCatalog.standard().names()));
    List<Entry> generators = new ArrayList<>();
    for (GeneratorType t : Generators.all()) {
      List<String> options = new ArrayList<>();
      for (GeneratorType.Option o : t.options()) {
        options.add(o.name() + "=" + GeneratorType.Range.number(o.defaultValue()) + " ("
            + o.range() + "): " + o.description());
      }
      generators.add(new Entry(t.name(), t.description(), options));
    }
    m.put("generators", generators);
    m.put("formats", plain(MatrixFormat.names()));
    Plugins plugins = Plugins.load();
    for (StrategyKind<?> kind : StrategyKind.all()) {
      List<Entry> entries = new ArrayList<>();
      plugins.providers(kind).forEach(p -> entries.add(entry(p.name(), p)));
      m.put(kind.label() + "s", entries);
    }
    m.put("codegen compilers", plain(OperatorCompiler.NAMES));
    List<Entry> backends = new ArrayList<>();
    for (BackendProvider p : Backends.providers()) {
      backends.add(entry(p.name() + " (" + p.execType() + ")", p));
    }
    m.put("backends", backends);
    List<String> modes = new ArrayList<>();
    for (ExecMode mode : ExecMode.values()) {
      modes.add(mode.label());
    }
    m.put("execution modes", plain(modes));
    // every builtin function of DML with its parameters, as scripts call it
    List<Entry> builtins = new ArrayList<>();
    for (var f : org.planlab.engine.lang.builtins.BuiltinCatalogue.standard().functions()) {
      builtins.add(new Entry(f.name(), f.synopsis(), List.of()));
    }
    m.put("builtins", builtins);
    return m;
  }

  private static List<Entry> plain(List<String> names) {
    return names.stream().map(n -> new Entry(n, "", List.of())).toList();
  }

  private static Entry entry(String name, PluginProvider p) {
    List<String> options = new ArrayList<>();
    for (PluginOption o : p.options()) {
      options.add(o.key() + "=" + o.defaultValue() + " (" + o.type().label() + "): " + o.doc());
    }
    return new Entry(name, p.description(), options);
  }
}
