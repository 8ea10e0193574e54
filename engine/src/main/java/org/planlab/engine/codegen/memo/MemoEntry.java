package org.planlab.engine.codegen.memo;

import java.util.Objects;

/**
 * A partial fusion plan of one HOP (fusion paper, sec. 3.1): the tuple (type, {i_1, ..., i_k},
 * closed). Input i is a reference to the input's group (fused) or materialized; references are
 * kept as a bit mask over the HOP's input positions instead of the paper's "-1" sentinels.
 * Immutable.
 *
 * @param arity the HOP's number of inputs (at most 64 are fusable)
 */
public record MemoEntry(TemplateType type, long refs, int arity, CloseType closed) {

  /** The most inputs a fusable HOP may have. */
  public static final int MAX_ARITY = 64;

  public MemoEntry {
    Objects.requireNonNull(type, "type is null");
    Objects.requireNonNull(closed, "closed is null");
    if (arity < 0 || arity > MAX_ARITY) {
      throw new IllegalArgumentException("arity must be in [0, 64], was " + arity);
    }
    if (arity < MAX_ARITY && (refs >>> arity) != 0) {
      throw new IllegalArgumentException("reference to input beyond arity " + arity);
    }
  }

  /** An open, valid entry with the given references. */
  public static MemoEntry of(TemplateType type, long refs, int arity) {
    return new MemoEntry(type, refs, arity, CloseType.OPEN_VALID);
  }

  /** Whether input {@code i} is fused (a group reference) rather than materialized. */
  public boolean isRef(int i) {
    return (refs >>> i & 1L) != 0;
  }


  public int countRefs() {
    return Long.bitCount(refs);
  }

  public MemoEntry withClosed(CloseType c) {
    return c == closed ? this : new MemoEntry(type, refs, arity, c);
  }


  /** The paper's notation, e.g. {@code R(10,-1)} given the ids of the inputs. */
  public String format(int[] inputIds) {
    StringBuilder sb = new StringBuilder(type.letter()).append('(');
    for (int i = 0; i < arity; i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(isRef(i) ? Integer.toString(inputIds[i]) : "-1");
    }
    sb.append(')');
    if (!closed.isValid()) {
      sb.append('*');
    } else if (!closed.isOpen()) {
      sb.append('!');
    }
    return sb.toString();
  }
}
