package org.planlab.engine.lang.validate;

import java.util.IdentityHashMap;
import java.util.Map;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.builtins.BuiltinCatalogue;
import org.planlab.engine.lang.types.ExprType;

/** State shared by the validation of all bodies of one program. */
final class ValidationContext {
  final DmlProgram program;
  final BuiltinCatalogue builtins;
  final Reporter reporter = new Reporter();
  final Map<Expression, ExprType> types = new IdentityHashMap<>();
  final Map<Expression, Object> constants = new IdentityHashMap<>();
  final Map<FunctionCall, CallTarget> targets = new IdentityHashMap<>();

  ValidationContext(DmlProgram program, BuiltinCatalogue builtins) {
    this.program = program;
    this.builtins = builtins;
  }
}
