package org.planlab.engine.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Memory sizes as configurations write them. */
class ByteSizeTest {

  @ParameterizedTest
  @CsvSource({"4096, 4096", "512k, 524288", "512K, 524288", "700m, 734003200",
      "2g, 2147483648", "1.5g, 1610612736", "64kb, 65536", "1t, 1099511627776"})
  void parsesBytesWithBinaryUnits(String text, long bytes) {
    assertEquals(bytes, ByteSize.parse(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "lots", "-1m", "1x", "1e3"})
  void rejectsWhatIsNotASize(String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ByteSize.parse(text));
    assertEquals("'" + text + "' is not a memory size; use e.g. 4096, 512k, 700m, 2g",
        e.getMessage());
  }

  @Test
  void rejectsSizesBeyondALong() {
    assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("9000000t"));
  }

  @Test
  void formatsInBinaryUnits() {
    assertEquals("512 B", ByteSize.format(512));
    assertEquals("1.5 KiB", ByteSize.format(1536));
    assertEquals("64.0 KiB", ByteSize.format(65536));
    assertEquals("2.0 GiB", ByteSize.format(2L << 30));
  }
}
