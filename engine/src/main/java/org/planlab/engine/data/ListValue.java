package org.planlab.engine.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A DML list (SystemDS's {@code List}): an ordered collection of matrices, scalars and lists,
 * either unnamed or with a name for every element ({@code list(a=X, b=1)}). Immutable: the list
 * operations return new lists, so a list shared by two variables never changes under one of
 * them (DML's copy semantics).
 *
 * @param values the elements, in order
 * @param names the elements' names, one per element, or empty for an unnamed list
 */
public record ListValue(List<Data> values, List<String> names) implements Data {
  public ListValue {
    values = List.copyOf(values);
    names = List.copyOf(names);
    if (!names.isEmpty() && names.size() != values.size()) {
      throw new IllegalArgumentException(
          "a named list needs one name per element: " + names.size() + " names, "
              + values.size() + " elements");
    }
  }

  /** An unnamed list of {@code values}. */
  public static ListValue of(List<Data> values) {
    return new ListValue(values, List.of());
  }

  public int size() {
    return values.size();
  }

  public boolean isNamed() {
    return !names.isEmpty();
  }

  /** The element at 1-based {@code index}. */
  public Data get(long index) {
    return values.get(checkIndex(index));
  }

  /** The 0-based position of element {@code name}, if this list is named and has it. */
  public Optional<Integer> position(String name) {
    int i = names.indexOf(name);
    return i < 0 ? Optional.empty() : Optional.of(i);
  }

  /** The elements {@code from..to} (1-based, inclusive) as a list, with their names. */
  public ListValue slice(long from, long to) {
    int lo = checkIndex(from);
    int hi = checkIndex(to);
    if (hi < lo) {
      throw new IllegalArgumentException("empty list range " + from + ":" + to);
    }
    return new ListValue(values.subList(lo, hi + 1),
        isNamed() ? names.subList(lo, hi + 1) : List.of());
  }

  /** This list with element {@code index} (1-based) replaced by {@code value}. */
  public ListValue with(long index, Data value) {
    List<Data> v = new ArrayList<>(values);
    v.set(checkIndex(index), Objects.requireNonNull(value, "value is null"));
    return new ListValue(v, names);
  }

  /**
   * This list with element {@code name} replaced by {@code value}, or {@code value} appended
   * under that name if there is none.
   */
  public ListValue with(String name, Data value) {
    if (!isNamed() && !values.isEmpty()) {
      throw new IllegalArgumentException(
          "cannot index an unnamed list by name '" + name + "'");
    }
    Optional<Integer> at = position(name);
    if (at.isPresent()) {
      return with(at.get() + 1, value);
    }
    List<Data> v = new ArrayList<>(values);
    List<String> n = new ArrayList<>(names);
    v.add(Objects.requireNonNull(value, "value is null"));
    n.add(name);
    return new ListValue(v, n);
  }

  /** This list with {@code value} appended (to an unnamed list, or under {@code name}). */
  public ListValue append(Data value, String name) {
    if (name != null) {
      return with(name, value);
    }
    if (isNamed()) {
      throw new IllegalArgumentException("cannot append an unnamed element to a named list");
    }
    List<Data> v = new ArrayList<>(values);
    v.add(Objects.requireNonNull(value, "value is null"));
    return new ListValue(v, List.of());
  }

  /** This list without element {@code index} (1-based). */
  public ListValue without(long index) {
    int i = checkIndex(index);
    List<Data> v = new ArrayList<>(values);
    v.remove(i);
    List<String> n = new ArrayList<>(names);
    if (isNamed()) {
      n.remove(i);
    }
    return new ListValue(v, n);
  }

  private int checkIndex(long index) {
    if (index < 1 || index > values.size()) {
      throw new IndexOutOfBoundsException(
          "list index " + index + " is out of bounds for a list of " + values.size()
              + " element(s)");
    }
    return (int) (index - 1);
  }
}
