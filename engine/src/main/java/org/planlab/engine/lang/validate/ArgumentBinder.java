package org.planlab.engine.lang.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.lang.ast.Argument;
import org.planlab.engine.lang.ast.SourcePosition;

/**
 * Binds call arguments to parameters, for builtins and user-defined functions alike: named
 * arguments by name, then positional ones in order into the parameters still free (as R does), a
 * variadic parameter taking all remaining positional arguments. Reports unknown and duplicate
 * names, too many arguments, and (only if there was none of those) missing required ones.
 */
final class ArgumentBinder {
  private ArgumentBinder() {}

  /** A parameter as binding sees it. */
  record Slot(String name, boolean required, boolean namedOnly, boolean variadic) {}

  /**
   * The result: arguments by parameter name, the variadic ones in order, and whether binding
   * succeeded without errors.
   */
  record Binding(Map<String, Argument> bound, List<Argument> variadic, boolean ok) {}

  /**
   * @param function name for messages
   * @param slots all parameters
   * @param positionalOrder names of the parameters positional arguments fill, in order
   * @param synopsis appended to "too many arguments" when some parameters are named-only
   */
  static Binding bind(
      String function,
      List<Slot> slots,
      List<String> positionalOrder,
      List<Argument> arguments,
      SourcePosition callPosition,
      Reporter reporter,
      String synopsis) {
    Map<String, Slot> byName = new LinkedHashMap<>();
    slots.forEach(s -> byName.put(s.name(), s));
    Map<String, Argument> bound = new LinkedHashMap<>();
    List<Argument> variadic = new ArrayList<>();
    List<Argument> positional = new ArrayList<>();
    boolean ok = true;

    for (Argument a : arguments) {
      if (a.name().isEmpty()) {
        positional.add(a);
        continue;
      }
      String name = a.name().get();
      Slot slot = byName.get(name);
      if (slot == null || slot.variadic()) {
        List<String> names = slots.stream().filter(s -> !s.variadic()).map(Slot::name).toList();
        String hint = NameSuggestions.didYouMean(name, names);
        reporter.error(
            a.position(),
            function
                + " has no parameter '"
                + name
                + "'"
                + (hint.isEmpty() ? " (parameters: " + String.join(", ", names) + ")" : hint));
        ok = false;
      } else if (bound.containsKey(name)) {
        reporter.error(a.position(), "argument '" + name + "' of " + function + " is given twice");
        ok = false;
      } else {
        bound.put(name, a);
      }
    }

    // positional arguments fill the positional parameters not already named
    long capacity = positionalOrder.stream().filter(n -> !bound.containsKey(n)).count();
    int next = 0;
    for (String name : positionalOrder) {
      if (next >= positional.size()) {
        break;
      }
      Slot slot = byName.get(name);
      if (slot.variadic()) {
        while (next < positional.size()) {
          variadic.add(positional.get(next++));
        }
      } else if (!bound.containsKey(name)) {
        bound.put(name, positional.get(next++));
      }
    }
    if (next < positional.size()) {
      boolean namedOnly = slots.stream().anyMatch(Slot::namedOnly);
      String message =
          capacity == 0 && namedOnly
              ? function + " takes named arguments only: " + synopsis
              : "too many arguments for "
                  + function
                  + ": expected at most "
                  + capacity
                  + (namedOnly ? " positional" : "")
                  + ", got "
                  + positional.size()
                  + (namedOnly ? " (" + synopsis + ")" : "");
      reporter.error(positional.get(next).position(), message);
      ok = false;
    }

    if (!ok) {
      return new Binding(bound, variadic, false); // a wrong name or extra argument explains enough
    }
    for (Slot s : slots) {
      boolean missing =
          s.variadic()
              ? s.required() && variadic.isEmpty()
              : s.required() && !bound.containsKey(s.name());
      if (missing) {
        reporter.error(callPosition, "missing argument '" + s.name() + "' of " + function);
        ok = false;
      }
    }
    return new Binding(bound, variadic, ok);
  }
}
