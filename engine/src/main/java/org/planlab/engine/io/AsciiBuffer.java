package org.planlab.engine.io;

import java.util.Arrays;

/** A growable byte array for ASCII text (numbers, separators), no charset encoder involved. */
final class AsciiBuffer {
  private byte[] bytes;
  private int size;

  AsciiBuffer(int capacity) {
    bytes = new byte[Math.max(16, capacity)];
  }

  int size() {
    return size;
  }

  AsciiBuffer append(char c) {
    ensure(1);
    bytes[size++] = (byte) c;
    return this;
  }

  /** Appends an ASCII string (the caller guarantees it is ASCII: numbers, separators). */
  AsciiBuffer append(String s) {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      bytes[size++] = (byte) s.charAt(i);
    }
    return this;
  }

  AsciiBuffer append(byte[] b) {
    ensure(b.length);
    System.arraycopy(b, 0, bytes, size, b.length);
    size += b.length;
    return this;
  }

  /** Appends the decimal digits of {@code v}. */
  AsciiBuffer append(long v) {
    if (v < 0) {
      if (v == Long.MIN_VALUE) {
        return append(Long.toString(v));
      }
      append('-');
      v = -v;
    }
    ensure(20);
    int start = size;
    do {
      bytes[size++] = (byte) ('0' + (int) (v % 10));
      v /= 10;
    } while (v != 0);
    for (int i = start, j = size - 1; i < j; i++, j--) {
      byte t = bytes[i];
      bytes[i] = bytes[j];
      bytes[j] = t;
    }
    return this;
  }

  /** Appends {@code Double.toString(v)}: the shortest text that parses back to exactly v. */
  AsciiBuffer append(double v) {
    return append(Double.toString(v));
  }

  byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }

  private void ensure(int n) {
    if (size + n > bytes.length) {
      long cap = Math.max((long) size + n, 2L * bytes.length);
      if (cap > Integer.MAX_VALUE - 8) {
        if ((long) size + n > Integer.MAX_VALUE - 8) {
          throw new IllegalStateException("an encoded block exceeds 2 GiB of text;"
              + " write fewer columns per block or use the binary format");
        }
        cap = Integer.MAX_VALUE - 8;
      }
      bytes = Arrays.copyOf(bytes, (int) cap);
    }
  }
}
