package org.planlab.engine.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.datagen.gen.DenseUniform;
import org.planlab.datagen.gen.SparseUniform;
import org.planlab.engine.matrix.MatrixBlock;

/** Every class of bad input: a checked exception whose message names the file and the place. */
class CorruptInputTest {
  @TempDir
  Path dir;

  // ---------------------------------------------------------------- helpers

  private Path text(String name, String content) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, content);
    return f;
  }

  private void mtd(Path f, long rows, int cols, long nnz, MatrixFormat fmt) throws IOException {
    Files.write(MatrixMetadata.pathFor(f), new MatrixMetadata(rows, cols, nnz, fmt,
        fmt == MatrixFormat.CSV ? false : null, fmt == MatrixFormat.CSV ? "," : null, 0, null,
        null).toJson());
  }

  /** Reads f, expecting a MatrixFormatException at {@code line} whose message contains all of {@code parts}. */
  private static MatrixFormatException failsAtLine(Path f, long line, String... parts) {
    MatrixFormatException e = assertThrows(MatrixFormatException.class, () -> MatrixFiles.read(f));
    assertTrue(e.getMessage().contains(f.getFileName().toString()), e.getMessage());
    assertTrue(e.getMessage().contains("line " + line + ":"), e.getMessage());
    assertEquals(line, e.line(), e.getMessage());
    for (String p : parts) {
      assertTrue(e.getMessage().contains(p), "'" + p + "' missing in: " + e.getMessage());
    }
    return e;
  }

  private static MatrixFormatException failsAtOffset(Path f, String... parts) {
    MatrixFormatException e = assertThrows(MatrixFormatException.class, () -> MatrixFiles.read(f));
    assertTrue(e.getMessage().contains(f.getFileName().toString()), e.getMessage());
    assertTrue(e.getMessage().contains("byte offset " + e.offset()), e.getMessage());
    assertTrue(e.offset() >= 0, e.getMessage());
    for (String p : parts) {
      assertTrue(e.getMessage().contains(p), "'" + p + "' missing in: " + e.getMessage());
    }
    return e;
  }

  private static void failsNaming(Path f, String... parts) {
    IOException e = assertThrows(IOException.class, () -> MatrixFiles.read(f));
    assertTrue(e.getMessage().contains(f.getFileName().toString()), e.getMessage());
    for (String p : parts) {
      assertTrue(e.getMessage().contains(p), "'" + p + "' missing in: " + e.getMessage());
    }
  }

  // ---------------------------------------------------------------- csv

  @Test
  void csvWrongFieldCountNamesTheLine() throws IOException {
    failsAtLine(text("a.csv", "1,2,3\n4,5,6\n7,8\n"), 3, "expected 3 fields, found 2");
  }

  @Test
  void csvNonNumericCellNamesTheLineAndColumn() throws IOException {
    failsAtLine(text("b.csv", "1,2\n3,abc\n"), 2, "non-numeric cell in column 2 'abc'");
    failsAtLine(text("b2.csv", "1,2d\n"), 1, "non-numeric");
    failsAtLine(text("b3.csv", "1,0x10\n"), 1, "non-numeric");
  }

  @Test
  void csvEmptyCellIsAnError() throws IOException {
    failsAtLine(text("c.csv", "1,2\n3,\n"), 2, "empty cell in column 2");
  }

  @Test
  void csvBlankLineInsideTheDataIsAnErrorButTrailingBlankLinesAreNot() throws IOException {
    failsAtLine(text("d.csv", "1,2\n\n3,4\n"), 2, "blank line");
    assertEquals(2, MatrixFiles.read(text("d2.csv", "1,2\n3,4\n\n\n")).rows());
  }

  @Test
  void csvRowsDisagreeingWithMtdAreErrors() throws IOException {
    Path more = text("e.csv", "1,2\n3,4\n5,6\n");
    mtd(more, 2, 2, -1, MatrixFormat.CSV);
    failsAtLine(more, 3, "more rows than the 2 in e.csv.mtd");
    Path fewer = text("f.csv", "1,2\n");
    mtd(fewer, 2, 2, -1, MatrixFormat.CSV);
    failsAtLine(fewer, 1, "found 1 rows, 2 expected");
    Path cols = text("g.csv", "1,2\n");
    mtd(cols, 1, 3, -1, MatrixFormat.CSV);
    failsAtLine(cols, 1, "expected 3 fields in g.csv.mtd, found 2");
  }

  @Test
  void nnzDisagreeingWithMtdIsAnErrorInEveryFormat() throws IOException {
    MatrixBlock m = MatrixBlock.of(new double[][] {{1, 0}, {0, 2}});
    for (MatrixFormat fmt : MatrixFormat.values()) {
      Path f = dir.resolve("nnz-" + fmt);
      MatrixFiles.write(m, f, fmt, WriteOptions.defaults());
      mtd(f, 2, 2, 3, fmt);
      IOException e = assertThrows(MatrixFormatException.class, () -> MatrixFiles.read(f));
      assertTrue(e.getMessage().contains(f.getFileName().toString()), e.getMessage());
      assertTrue(e.getMessage().contains("nnz=3"), e.getMessage());
    }
  }

  // ---------------------------------------------------------------- text

  @Test
  void textIndexOutOfRangeNamesTheLine() throws IOException {
    Path f = text("t.ijv", "1 1 1.0\n3 1 2.0\n");
    mtd(f, 2, 2, -1, MatrixFormat.TEXT);
    failsAtLine(f, 2, "row index 3 is out of range 1..2");
    Path z = text("t0.ijv", "0 1 1.0\n");
    mtd(z, 2, 2, -1, MatrixFormat.TEXT);
    failsAtLine(z, 1, "row index 0 is out of range");
    Path c = text("tc.ijv", "1 1 1\n\n1 9 1\n");
    mtd(c, 2, 2, -1, MatrixFormat.TEXT);
    failsAtLine(c, 3, "column index 9 is out of range 1..2");
  }

  @Test
  void textWrongFieldCountNonNumericValueAndBadIndexNameTheLine() throws IOException {
    Path f = text("u.ijv", "1 1 1.0\n2 2\n");
    mtd(f, 2, 2, -1, MatrixFormat.TEXT);
    failsAtLine(f, 2, "expected 3 fields");
    Path v = text("v.ijv", "1 1 x\n");
    mtd(v, 2, 2, -1, MatrixFormat.TEXT);
    failsAtLine(v, 1, "non-numeric value 'x'");
    Path w = text("w.ijv", "1 1.5 2\n");
    mtd(w, 2, 2, -1, MatrixFormat.TEXT);
    failsAtLine(w, 1, "non-integer column index '1.5'");
  }

  @Test
  void textDuplicateEntriesNameTheLineOfTheSecondOccurrence() throws IOException {
    Path ordered = text("dup1.ijv", "1 1 1\n1 2 2\n1 2 3\n");
    mtd(ordered, 2, 2, -1, MatrixFormat.TEXT);
    failsAtLine(ordered, 3, "duplicate entry (1, 2)");
    Path unordered = text("dup2.ijv", "2 2 1\n1 1 2\n2 1 5\n2 2 3\n");
    mtd(unordered, 2, 2, -1, MatrixFormat.TEXT);
    failsAtLine(unordered, 4, "duplicate entry (2, 2)");
  }

  @Test
  void textWithoutMtdIsAnErrorNamingTheMissingFile() throws IOException {
    Path f = text("nomtd.ijv", "1 1 1\n");
    MatrixFormatException e = assertThrows(MatrixFormatException.class,
        () -> MatrixFiles.read(f, ReadOptions.defaults().withFormat(MatrixFormat.TEXT)));
    assertTrue(e.getMessage().contains("nomtd.ijv.mtd"), e.getMessage());
    assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
  }

  // ---------------------------------------------------------------- matrix market

  @Test
  void mmBadBannerOrUnsupportedFieldNamesLineOne() throws IOException {
    failsAtLine(text("a.mtx", "3 3 1\n1 1 1\n"), 1, "missing banner");
    failsAtLine(text("b.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n"),
        1, "field 'complex' is not supported");
    failsAtLine(text("c.mtx", "%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n"), 1,
        "symmetry 'hermitian'");
  }

  @Test
  void mmEntryErrorsNameTheLine() throws IOException {
    String head = "%%MatrixMarket matrix coordinate real general\n% comment\n2 2 2\n";
    failsAtLine(text("d.mtx", head + "1 1 1\n3 1 1\n"), 5, "row index 3 is out of range");
    failsAtLine(text("e.mtx", head + "1 1 1\n2 1\n"), 5, "expected 3 fields per entry, found 2");
    failsAtLine(text("f.mtx", head + "1 1 1\n2 1 one\n"), 5, "non-numeric value 'one'");
    failsAtLine(text("g.mtx", head + "1 1 1\n2 1 1\n2 2 1\n"), 6, "more entries than the 2");
    failsAtLine(text("h.mtx", head + "1 1 1\n"), 4, "found 1 of the 2 entries");
    failsAtLine(text("i.mtx", "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 1.5\n"),
        3, "non-integer value '1.5'");
    failsAtLine(text("j.mtx", head + "2 1 1\n2 1 3\n"), 5, "duplicate entry (2, 1)");
    failsAtLine(text("j2.mtx", "%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n"
        + "2 1 1\n1 2 3\n"), 4, "duplicate entry (1, 2) (counting mirrored entries)");
  }

  @Test
  void mmArrayWithTooFewOrTooManyValuesNamesTheLine() throws IOException {
    String head = "%%MatrixMarket matrix array real general\n2 2\n";
    failsAtLine(text("k.mtx", head + "1\n2\n3\n"), 5, "found 3 of the 4 values");
    failsAtLine(text("l.mtx", head + "1\n2\n3\n4\n5\n"), 7, "more values than the 4");
    failsAtLine(text("m.mtx", head + "1 2\n"), 3, "expected one value per line");
  }

  @Test
  void mmSizeLineDisagreeingWithMtdNamesTheSizeLine() throws IOException {
    Path f = text("n.mtx", "%%MatrixMarket matrix coordinate real general\n%\n3 2 0\n");
    mtd(f, 2, 2, -1, MatrixFormat.MM);
    failsAtLine(f, 3, "dimensions 3x2 disagree with n.mtx.mtd (2x2)");
  }

  // ---------------------------------------------------------------- binary

  private Path binary(String name) throws IOException {
    Path f = dir.resolve(name);
    MatrixFiles.write(new SparseUniform(2500, 20, 0.3, 0, 1, 1), f, MatrixFormat.BINARY,
        WriteOptions.defaults(), 1, n -> {
        });
    return f;
  }

  private static void flipByte(Path f, long pos) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.seek(pos);
      int b = raf.read();
      raf.seek(pos);
      raf.write(b ^ 0x40);
    }
  }

  /** Offset of a block, from the block index at indexOffset (header bytes 40..47). */
  private static long blockOffset(Path f, int block) throws IOException {
    ByteBuffer h = ByteBuffer.wrap(Files.readAllBytes(f));
    return h.getLong((int) h.getLong(40) + 8 * block);
  }

  @Test
  void binaryCorruptBlockFailsItsChecksumNamingOffsetAndBlock() throws IOException {
    Path f = binary("crc.bin");
    long off = blockOffset(f, 1);
    flipByte(f, off + 100);
    MatrixFormatException e = failsAtOffset(f, "(block 1)", "checksum mismatch");
    assertEquals(off, e.offset());
  }

  @Test
  void binaryTruncatedFileIsReported() throws IOException {
    Path f = binary("trunc.bin");
    long size = Files.size(f);
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.setLength(size - 30);
    }
    failsAtOffset(f, "truncated file", "the header promises " + size);
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.setLength(20);
    }
    failsAtOffset(f, "truncated file: 20 bytes, shorter than the 52-byte header");
  }

  @Test
  void binaryBadMagicHeaderChecksumIndexAndTrailingBytesAreReported() throws IOException {
    Path magic = binary("magic.bin");
    flipByte(magic, 0);
    MatrixFormatException e = assertThrows(MatrixFormatException.class,
        () -> MatrixFiles.read(magic, ReadOptions.defaults().withFormat(MatrixFormat.BINARY)));
    assertTrue(e.getMessage().contains("magic.bin, byte offset 0: bad magic bytes"), e.getMessage());

    Path header = binary("header.bin");
    flipByte(header, 20); // inside "rows"
    failsAtOffset(header, "header checksum mismatch");

    Path index = binary("index.bin");
    long indexOffset = ByteBuffer.wrap(Files.readAllBytes(index)).getLong(40);
    flipByte(index, indexOffset + 3);
    failsAtOffset(index, "block index checksum mismatch");

    Path trailing = binary("trailing.bin");
    Files.write(trailing, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
    failsAtOffset(trailing, "3 unexpected bytes after the block index");
  }

  @Test
  void binaryDimensionsOrNnzDisagreeingWithMtdAreReported() throws IOException {
    Path f = binary("dims.bin");
    mtd(f, 2500, 21, -1, MatrixFormat.BINARY);
    failsAtOffset(f, "header says 2500x20, dims.bin.mtd says 2500x21");
    Path g = binary("nnz.bin");
    mtd(g, 2500, 20, 7, MatrixFormat.BINARY);
    failsAtOffset(g, "nnz.bin.mtd says nnz=7");
  }

  @Test
  void streamedBinaryBlockIsCheckedWhenRead() throws IOException {
    Path f = binary("stream.bin");
    flipByte(f, blockOffset(f, 2) + 40);
    try (MatrixSource s = MatrixFiles.open(f)) {
      s.block(0);
      MatrixFormatException e = assertThrows(MatrixFormatException.class, () -> s.block(2));
      assertTrue(e.getMessage().contains("stream.bin, byte offset"), e.getMessage());
      assertTrue(e.getMessage().contains("(block 2)"), e.getMessage());
    }
  }

  // ---------------------------------------------------------------- files and metadata

  @Test
  void missingFileIsNoSuchFileNamingIt() {
    Path f = dir.resolve("absent.csv");
    NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> MatrixFiles.read(f));
    assertTrue(e.getMessage().contains("absent.csv"), e.getMessage());
    assertThrows(NoSuchFileException.class, () -> MatrixFiles.open(f));
  }

  @Test
  void badMtdIsReportedWithItsFileName() throws IOException {
    Path f = dir.resolve("m.csv");
    MatrixFiles.write(new DenseUniform(3, 2, 0, 1, 1), f, MatrixFormat.CSV,
        WriteOptions.defaults(), 1, n -> {
        });
    Path mtd = MatrixMetadata.pathFor(f);
    Files.writeString(mtd, "{\"data_type\": \"matrix\",\n \"rows\": 3,,\n}");
    MatrixFormatException e = assertThrows(MatrixFormatException.class, () -> MatrixFiles.read(f));
    assertTrue(e.getMessage().contains("m.csv.mtd, line 2: not valid JSON"), e.getMessage());
    Files.writeString(mtd, "{\"rows\": 3, \"cols\": 2, \"format\": \"csv\", \"colz\": 1}");
    failsNaming(f, "m.csv.mtd", "unknown key \"colz\"");
    Files.writeString(mtd, "{\"cols\": 2, \"format\": \"csv\"}");
    failsNaming(f, "m.csv.mtd", "missing key \"rows\"");
    Files.writeString(mtd, "{\"rows\": 3, \"cols\": 2, \"format\": \"parquet\"}");
    failsNaming(f, "m.csv.mtd", "unknown format 'parquet'; valid formats: binary, csv, mm, text");
    Files.writeString(mtd, "{\"rows\": 3, \"cols\": \"2\", \"format\": \"csv\"}");
    failsNaming(f, "m.csv.mtd", "\"cols\" must be an integer");
    Files.writeString(mtd, "{\"data_type\": \"frame\", \"rows\": 3, \"cols\": 2, \"format\": \"csv\"}");
    failsNaming(f, "m.csv.mtd", "data_type \"frame\" is not supported");
  }

  @Test
  void mtdWithSystemDsDescriptionKeyIsAccepted() throws IOException {
    Path f = dir.resolve("sysds.csv");
    Files.writeString(f, "1,2\n");
    Files.writeString(MatrixMetadata.pathFor(f), "{\"data_type\": \"matrix\", \"value_type\":"
        + " \"double\", \"rows\": 1, \"cols\": 2, \"nnz\": 2, \"format\": \"csv\", \"header\":"
        + " false, \"sep\": \",\", \"description\": {\"author\": \"SystemDS\"}}");
    assertEquals(2, MatrixFiles.read(f).nnz());
  }

  @Test
  void unknownFormatWithoutMtdIsReported() throws IOException {
    Path f = text("mystery.dat", "1 2 3\n");
    MatrixFormatException e = assertThrows(MatrixFormatException.class, () -> MatrixFiles.read(f));
    assertTrue(e.getMessage().contains("mystery.dat: cannot tell the format"), e.getMessage());
  }
}
