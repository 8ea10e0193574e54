package org.planlab.gpu;

/** An operand or result of a device kernel: a matrix in device memory or a scalar. */
public sealed interface DeviceOperand permits DeviceMatrix, DeviceScalar {
}
