package org.planlab.experiment.run;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Study;
import org.planlab.experiment.descriptor.ExperimentDescriptor.Variant;
import org.planlab.workloads.DataSpec;

/**
 * One point of an experiment's grid: one value per axis and one variant.
 *
 * @param id file-name-safe name, unique within the experiment and stable across runs of the same
 *     descriptor (the varying values and the variant, e.g. {@code X.rows-1e5__FA})
 * @param study the workload (or script) the point runs
 * @param variant the engine configuration
 * @param args the script arguments of the parameters (inputs' files are added when the data is
 *     there), as command-line text, in descriptor order (unmodifiable)
 * @param data per input, in generation order, its generator and single-valued parameters, still
 *     with references ({@code @X}, {@code @X.rows}, {@code $k}) (unmodifiable)
 * @param params every parameter of the point for the {@code param:} columns: the parameters by
 *     name, then each input's parameters as {@code INPUT.param}, references to parameters and to
 *     literal shapes replaced (unmodifiable)
 */
public record GridPoint(String id, Study study, Variant variant, Map<String, String> args,
    Map<String, DataSpec> data, Map<String, String> params) {

  /** Checks the arguments and freezes the maps. */
  public GridPoint {
    requireNonNull(id, "id is null");
    requireNonNull(study, "study is null");
    requireNonNull(variant, "variant is null");
    args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
    data = Collections.unmodifiableMap(new LinkedHashMap<>(data));
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }
}
