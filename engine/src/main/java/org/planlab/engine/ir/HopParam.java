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

  /** The operator of a {@link OpCode#FUSED} HOP. */
  record Fused(FusedOperator operator) implements HopParam {
    public Fused {
      Objects.requireNonNull(operator, "operator is null");
    }
  }
}
