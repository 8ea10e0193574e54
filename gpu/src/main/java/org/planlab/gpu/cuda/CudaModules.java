package org.planlab.gpu.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;
import jcuda.nvrtc.JNvrtc;
import jcuda.nvrtc.nvrtcProgram;
import jcuda.nvrtc.nvrtcResult;
import org.planlab.gpu.DevicePointer;

/**
 * The generated kernels of one device: CUDA source compiled at run time with NVRTC to PTX,
 * loaded as a module, and cached per distinct source (the fusion paper's operator cache, sec.
 * 2.2, on the device: equal plans generate equal source, which compiles once). Launches run on
 * the default stream. The caller holds the device lock with its context current.
 */
final class CudaModules implements AutoCloseable {
  private final int computeCapability;
  private final Map<String, CUmodule> modules = new HashMap<>();
  private final Map<String, CUfunction> functions = new HashMap<>();

  /** Modules compiled for virtual architecture {@code compute_<computeCapability>}. */
  CudaModules(int computeCapability) {
    this.computeCapability = computeCapability;
  }

  /**
   * The architecture to compile for on a device of {@code deviceCapability} (e.g. 86): the
   * newest NVRTC supports that the device runs (PTX is forward-compatible, so an older virtual
   * architecture runs on a newer device). Loads NVRTC, so a missing library fails here.
   */
  static int architecture(int deviceCapability) {
    int[] count = new int[1];
    check(JNvrtc.nvrtcGetNumSupportedArchs(count), "list its architectures", null);
    int[] archs = new int[count[0]];
    check(JNvrtc.nvrtcGetSupportedArchs(archs), "list its architectures", null);
    int best = -1;
    for (int a : archs) {
      if (a <= deviceCapability && a > best) {
        best = a;
      }
    }
    if (best < 0) {
      throw new IllegalStateException("NVRTC supports no architecture of compute capability "
          + deviceCapability + " or older");
    }
    return best;
  }

  /** Options of every compilation: the device's architecture; no fused multiply-add. */
  static List<String> options(int computeCapability) {
    // without contraction, a - floor(a/b)*b and the TwoSum updates round exactly as the JVM's
    // arithmetic does, so results follow the engine's scalar semantics
    return List.of("--gpu-architecture=compute_" + computeCapability, "--fmad=false");
  }

  /** The function {@code name} of {@code program}, compiling and loading it on first use. */
  synchronized CUfunction function(CudaProgram program, String name) {
    String key = program.source() + "\u0000" + name;
    CUfunction f = functions.get(key);
    if (f == null) {
      CUmodule module = modules.computeIfAbsent(program.source(), this::load);
      f = new CUfunction();
      JCudaDriver.cuModuleGetFunction(f, module, name);
      functions.put(key, f);
    }
    return f;
  }

  private CUmodule load(String source) {
    String ptx = compile(source, computeCapability);
    CUmodule module = new CUmodule();
    JCudaDriver.cuModuleLoadData(module, ptx);
    return module;
  }

  /** NVRTC: CUDA source to PTX; a failed compilation throws with NVRTC's log. */
  static String compile(String source, int computeCapability) {
    nvrtcProgram program = new nvrtcProgram();
    check(JNvrtc.nvrtcCreateProgram(program, source, "planlab.cu", 0, null, null),
        "create a program", null);
    try {
      List<String> options = options(computeCapability);
      int rc = JNvrtc.nvrtcCompileProgram(program, options.size(),
          options.toArray(new String[0]));
      check(rc, "compile a generated kernel", program);
      String[] ptx = new String[1];
      check(JNvrtc.nvrtcGetPTX(program, ptx), "return a kernel's PTX", program);
      return ptx[0];
    } finally {
      JNvrtc.nvrtcDestroyProgram(program);
    }
  }

  private static void check(int rc, String step, nvrtcProgram program) {
    if (rc == nvrtcResult.NVRTC_SUCCESS) {
      return;
    }
    String log = "";
    if (program != null) {
      String[] text = new String[1];
      if (JNvrtc.nvrtcGetProgramLog(program, text) == nvrtcResult.NVRTC_SUCCESS
          && text[0] != null) {
        log = "\n" + text[0];
      }
    }
    throw new IllegalStateException("NVRTC failed to " + step + ": "
        + nvrtcResult.stringFor(rc) + log);
  }

  /** Unloads every module. */
  @Override
  public synchronized void close() {
    for (CUmodule m : modules.values()) {
      JCudaDriver.cuModuleUnload(m);
    }
    modules.clear();
    functions.clear();
  }

  /** Kernel arguments in declaration order, as cuLaunchKernel takes them. */
  static final class Args {
    private final List<NativePointerObject> values = new ArrayList<>();

    Args pointer(DevicePointer p) {
      return pointer(p, 0);
    }

    Args pointer(DevicePointer p, long offset) {
      values.add(Pointer.to(CudaDevice.at(p, offset)));
      return this;
    }

    Args i64(long v) {
      values.add(Pointer.to(new long[] {v}));
      return this;
    }

    Args i32(int v) {
      values.add(Pointer.to(new int[] {v}));
      return this;
    }

    Args f64(double v) {
      values.add(Pointer.to(new double[] {v}));
      return this;
    }

    /** Appends {@code other}'s arguments after these. */
    Args append(Args other) {
      values.addAll(other.values);
      return this;
    }

    Pointer toPointer() {
      return Pointer.to(values.toArray(new NativePointerObject[0]));
    }
  }

  /** Launches {@code f} on a 1-D grid of 1-D or 2-D blocks on the default stream. */
  static void launch(CUfunction f, int grid, int blockX, int blockY, Args args) {
    JCudaDriver.cuLaunchKernel(f, grid, 1, 1, blockX, blockY, 1, 0, null, args.toPointer(),
        null);
  }
}
