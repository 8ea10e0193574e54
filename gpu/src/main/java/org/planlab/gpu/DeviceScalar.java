package org.planlab.gpu;

import java.util.Objects;
import org.planlab.engine.data.ScalarValue;

/** A scalar operand of a kernel (passed by value) or a scalar result (copied to the host). */
public record DeviceScalar(ScalarValue value) implements DeviceOperand {
  public DeviceScalar {
    Objects.requireNonNull(value, "value is null");
  }
}
