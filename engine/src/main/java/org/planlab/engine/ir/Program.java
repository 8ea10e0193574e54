package org.planlab.engine.ir;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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

  /** One user-defined function: its signature (parameters, defaults, results) and body. */
  public record Function(FunctionDefinition definition, List<ProgramBlock> body) {
    public Function {
      Objects.requireNonNull(definition, "definition is null");
      body = List.copyOf(body);
    }

    public FunctionKey key() {
      return definition.key();
    }
  }
}
