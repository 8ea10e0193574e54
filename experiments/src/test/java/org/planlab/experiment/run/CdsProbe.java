package org.planlab.experiment.run;

/** A main class for {@link ClassDataFlagsTest}'s JVMs: prints one line. */
public final class CdsProbe {
  private CdsProbe() {
  }

  public static void main(String[] args) {
    System.out.println("probe ran");
  }
}
