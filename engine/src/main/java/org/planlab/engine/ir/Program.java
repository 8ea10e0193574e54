package org.planlab.engine.ir;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.data.Data;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;

/**
 * A compiled-to-IR DML program: the main blocks and every reachable user-defined function, each
 * a list of program blocks. Immutable: recompilation produces new DAGs, not edits.
 */
public record Program(List<ProgramBlock> main, Map<FunctionKey, Function> functions) {

  public Program {
    main = List.copyOf(main);
    functions = Collections.unmodifiableMap(new LinkedHashMap<>(functions));
  }

  /**
   * One user-defined function: its signature (parameters, defaults, results) and body, and per
   * parameter the value of its default when that is a compile-time constant (else null; what
   * {@code eval}, which binds arguments at run time, can supply).
   */
  public record Function(FunctionDefinition definition, List<ProgramBlock> body,
      List<Data> constantDefaults) {
    public Function {
      Objects.requireNonNull(definition, "definition is null");
      body = List.copyOf(body);
      constantDefaults = Collections.unmodifiableList(new java.util.ArrayList<>(constantDefaults));
      if (constantDefaults.size() != definition.parameters().size()) {
        throw new IllegalArgumentException("one default per parameter: "
            + constantDefaults.size() + " for " + definition.parameters().size());
      }
    }

    /** A function none of whose defaults is known (built by hand, e.g. in tests). */
    public Function(FunctionDefinition definition, List<ProgramBlock> body) {
      this(definition, body, java.util.Collections.nCopies(definition.parameters().size(),
          null));
    }

    public FunctionKey key() {
      return definition.key();
    }

    /** The same function with another body (what rewrites and lowering produce). */
    public Function withBody(List<ProgramBlock> newBody) {
      return new Function(definition, newBody, constantDefaults);
    }
  }
}
