package org.planlab.spark;

import java.util.concurrent.atomic.LongAdder;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * What the Spark backend moved and what Spark did for it: parallelize, broadcast and collect
 * calls and bytes (counted by the backend), and jobs, shuffle bytes, failed tasks and lost
 * executors (from Spark's listener bus). Totals since the backend started; a run reads the
 * difference over its execution.
 */
public final class SparkCounters {
  final LongAdder parallelizeCalls = new LongAdder();
  final LongAdder parallelizeBytes = new LongAdder();
  final LongAdder broadcastCalls = new LongAdder();
  final LongAdder broadcastBytes = new LongAdder();
  final LongAdder collectCalls = new LongAdder();
  final LongAdder collectBytes = new LongAdder();
  final LongAdder jobs = new LongAdder();
  final LongAdder stages = new LongAdder();
  final LongAdder shuffleWriteBytes = new LongAdder();
  final LongAdder failedTasks = new LongAdder();
  final LongAdder executorsRemoved = new LongAdder();

  void parallelized(long bytes) {
    parallelizeCalls.increment();
    parallelizeBytes.add(bytes);
  }

  void broadcast(long bytes) {
    broadcastCalls.increment();
    broadcastBytes.add(bytes);
  }

  void collected(long bytes) {
    collectCalls.increment();
    collectBytes.add(bytes);
  }

  /** An immutable view of the counters now. */
  public Snapshot snapshot() {
    return new Snapshot(parallelizeCalls.sum(), parallelizeBytes.sum(), broadcastCalls.sum(),
        broadcastBytes.sum(), collectCalls.sum(), collectBytes.sum(), jobs.sum(), stages.sum(),
        shuffleWriteBytes.sum(), failedTasks.sum(), executorsRemoved.sum());
  }

  /** The counters at one moment. */
  public record Snapshot(long parallelizeCalls, long parallelizeBytes, long broadcastCalls,
      long broadcastBytes, long collectCalls, long collectBytes, long jobs, long stages,
      long shuffleWriteBytes, long failedTasks, long executorsRemoved) {

    /** Adds the counters to a run's statistics as {@code spark.*} backend counters. */
    public void addTo(org.planlab.engine.stats.Statistics stats) {
      stats.addBackendCounter("spark.jobs", jobs);
      stats.addBackendCounter("spark.stages", stages);
      stats.addBackendCounter("spark.shuffle_bytes", shuffleWriteBytes);
      stats.addBackendCounter("spark.broadcasts", broadcastCalls);
      stats.addBackendCounter("spark.broadcast_bytes", broadcastBytes);
      stats.addBackendCounter("spark.collects", collectCalls);
      stats.addBackendCounter("spark.collect_bytes", collectBytes);
      stats.addBackendCounter("spark.parallelizes", parallelizeCalls);
      stats.addBackendCounter("spark.parallelize_bytes", parallelizeBytes);
      stats.addBackendCounter("spark.failed_tasks", failedTasks);
      stats.addBackendCounter("spark.executors_lost", executorsRemoved);
    }

    /** This snapshot minus an earlier one. */
    public Snapshot minus(Snapshot o) {
      return new Snapshot(parallelizeCalls - o.parallelizeCalls,
          parallelizeBytes - o.parallelizeBytes, broadcastCalls - o.broadcastCalls,
          broadcastBytes - o.broadcastBytes, collectCalls - o.collectCalls,
          collectBytes - o.collectBytes, jobs - o.jobs, stages - o.stages,
          shuffleWriteBytes - o.shuffleWriteBytes,
          failedTasks - o.failedTasks, executorsRemoved - o.executorsRemoved);
    }
  }

  SparkListener listener() {
    return new Listener(this);
  }

  /** Feeds Spark's events into the counters (called on Spark's listener thread). */
  private static final class Listener extends SparkListener {
    private final SparkCounters c;

    Listener(SparkCounters c) {
      this.c = c;
    }

    @Override
    public void onJobStart(SparkListenerJobStart jobStart) {
      c.jobs.increment();
    }

    @Override
    public void onStageCompleted(
        org.apache.spark.scheduler.SparkListenerStageCompleted stageCompleted) {
      c.stages.increment();
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
      TaskMetrics m = taskEnd.taskMetrics();
      if (m != null) {
        c.shuffleWriteBytes.add(m.shuffleWriteMetrics().bytesWritten());
      }
      if (!taskEnd.taskInfo().successful()) {
        c.failedTasks.increment();
      }
    }

    @Override
    public void onExecutorRemoved(SparkListenerExecutorRemoved removed) {
      c.executorsRemoved.increment();
    }
  }
}
