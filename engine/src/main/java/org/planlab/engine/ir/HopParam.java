package org.planlab.engine.ir;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

/**
 * The operator-specific part of a {@link Hop}, one record per opcode family. Equal params and
 * equal inputs make two HOPs candidates for common subexpression elimination.
 */
public sealed interface HopParam {

  /** Opcodes without parameters. */
  None NONE = new None();

  /** No parameter. */
  record None() implements HopParam {
  }

  /** The constant of a {@link OpCode#LITERAL}. */
  record Literal(ScalarValue value) implements HopParam {
    public Literal {
      Objects.requireNonNull(value, "value is null");
    }
  }

  /** The variable of a {@link OpCode#READ_VAR} or {@link OpCode#WRITE_VAR}. */
  record Variable(String name) implements HopParam {
    public Variable {
      Objects.requireNonNull(name, "name is null");
    }
  }

  /** The operator of a {@link OpCode#BINARY} or {@link OpCode#NARY_MINMAX}. */
  record Binary(BinaryOp op) implements HopParam {
    public Binary {
      Objects.requireNonNull(op, "op is null");
    }
  }

  /** The operator of a {@link OpCode#UNARY}. */
  record Unary(UnaryOp op) implements HopParam {
    public Unary {
      Objects.requireNonNull(op, "op is null");
    }
  }

  /** The aggregate function and direction of an {@link OpCode#AGGREGATE}. */
  record Aggregate(AggregateOp op, Direction direction) implements HopParam {
    public Aggregate {
      Objects.requireNonNull(op, "op is null");
      Objects.requireNonNull(direction, "direction is null");
    }
  }

  /** The function of a {@link OpCode#CUMULATIVE}. */
  record Cumulative(Kind kind) implements HopParam {
    /**
     * cumsum, cumprod, cummin, cummax, and cumsumprod (of an n x 2 input X, the n x 1 column
     * {@code Y[i] = X[i,1] + X[i,2] * Y[i-1]} with {@code Y[0] = 0}).
     */
    public enum Kind { SUM, PROD, MIN, MAX, SUMPROD }

    public Cumulative {
      Objects.requireNonNull(kind, "kind is null");
    }
  }

  /** The element names of a {@link OpCode#LIST}: one per input, or empty for an unnamed list. */
  record ListNames(List<String> names) implements HopParam {
    public ListNames {
      names = List.copyOf(names);
    }
  }

  /** The target value type of a {@link OpCode#CAST_VALUE}. */
  record Cast(ValueType to) implements HopParam {
    public Cast {
      Objects.requireNonNull(to, "to is null");
    }
  }

  /** The callee and the variables receiving its results, of a {@link OpCode#FUNCTION_CALL}. */
  record Call(FunctionKey function, List<String> outputs) implements HopParam {
    public Call {
      Objects.requireNonNull(function, "function is null");
      outputs = List.copyOf(outputs);
    }
  }

  /** Which result of a decomposition ({@link OpCode#SVD}, {@link OpCode#LU}, {@link OpCode#QR}). */
  record Decomposition(int result) implements HopParam {
    public Decomposition {
      if (result < 0) {
        throw new IllegalArgumentException("result must be >= 0, was " + result);
      }
    }
  }

  /**
   * The distribution of a {@link OpCode#CDF} or {@link OpCode#ICDF}; the HOP's inputs a and b
   * are its parameters: normal (mean, sd), exp (rate, unused), chisq and t (df, unused), f (df1,
   * df2).
   */
  record Probability(org.planlab.engine.ops.Distribution distribution) implements HopParam {
    public Probability {
      Objects.requireNonNull(distribution, "distribution is null");
    }
  }

  /**
   * The operator of a {@link OpCode#FUSED} HOP, and what it computes as the HOPs it replaced.
   *
   * @param replaced the replaced expression over the operator's inputs, or null where it is not
   *     known (an operator built by hand)
   */
  record Fused(FusedOperator operator, Replaced replaced) implements HopParam {
    public Fused {
      Objects.requireNonNull(operator, "operator is null");
    }

    public Fused(FusedOperator operator) {
      this(operator, null);
    }

    /** The operator alone: the replaced HOPs are not part of the parameter's text. */
    @Override
    public String toString() {
      return "Fused[operator=" + operator + "]";
    }
  }

  /**
   * A fused operator's value as the expression of the HOPs it replaced (fusion paper sec. 3: a
   * fused operator computes exactly its sub-DAG), over its inputs in operand order (main input,
   * side inputs, scalar inputs). {@code expression} reaches {@code inputs}, literals and
   * nothing else. A multi-aggregate's expression is the row of its results,
   * {@code cbind(as.matrix(r1), ...)}; an operator computing the transpose of its root has
   * {@code t(root)}.
   */
  record Replaced(Hop expression, List<Hop> inputs) {
    public Replaced {
      Objects.requireNonNull(expression, "expression is null");
      inputs = List.copyOf(inputs);
    }
  }
}
