package org.planlab.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.stats.StatisticsSnapshot.Span;

class TimelineFileTest {
  @TempDir
  Path dir;

  private static final List<Span> SPANS = List.of(
      new Span("ba+*", "cp", "main", 1_500_000, 2_250_000),
      new Span("prefetch tsmm", "spark", "planlab-prefetch-1", 1_000_000, 9_000_000),
      new Span("a \"quoted\", name", "gpu", "main", 9_000_001, 9_500_000));

  @Test
  void csvHasTheHeaderAndOneRowPerSpanInMillisecondsQuotedWhereNeeded() {
    assertEquals("""
        name,where,thread,start_ms,end_ms
        ba+*,cp,main,1.500,2.250
        prefetch tsmm,spark,planlab-prefetch-1,1.000,9.000
        "a ""quoted"", name",gpu,main,9.000,9.500
        """, TimelineFile.csv(SPANS));
  }

  @Test
  void aWrittenTimelineReadsBackToTheSpansAtMicrosecondResolution() {
    Path f = dir.resolve("t.timeline.csv");
    TimelineFile.write(f, SPANS);
    List<Span> read = TimelineFile.read(f);
    assertEquals(SPANS.subList(0, 2), read.subList(0, 2));
    assertEquals(new Span("a \"quoted\", name", "gpu", "main", 9_000_000, 9_500_000),
        read.get(2));
  }

  @Test
  void aFileWithAnotherHeaderIsNoTimeline() throws IOException {
    Path f = Files.writeString(dir.resolve("x.csv"), "point,rep\np,1\n");
    assertEquals(f + ": not a timeline (the header must be name,where,thread,start_ms,end_ms)",
        assertThrows(IllegalArgumentException.class, () -> TimelineFile.read(f)).getMessage());
  }

  @Test
  void aTimeThatIsNoNumberNamesTheLine() throws IOException {
    Path f = Files.writeString(dir.resolve("x.csv"),
        "name,where,thread,start_ms,end_ms\nrand,cp,main,0.5,1.0\nrand,cp,main,soon,1.0\n");
    assertEquals(f + ", line 3: 'soon' is not a time in milliseconds",
        assertThrows(IllegalArgumentException.class, () -> TimelineFile.read(f)).getMessage());
  }

  @Test
  void firstRepetitionsGivesEachPointsLowestNumberedTimeline() throws IOException {
    for (String name : List.of("A-r2", "A-r10", "B__x-r3", "B__x-r1", "C-r1")) {
      TimelineFile.write(dir.resolve("stats/" + name + ".timeline.csv"), SPANS);
    }
    Files.writeString(dir.resolve("stats/C-r1.json"), "{}");
    assertEquals(Map.of("A", 2, "B__x", 1, "C", 1), TimelineFile.firstRepetitions(dir));
    assertEquals(Map.of(), TimelineFile.firstRepetitions(dir.resolve("nothing")));
  }
}
