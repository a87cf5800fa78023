package solventa.quote.stats;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;

/**
 * This JVM's own readings for {@link StatsSnapshot.Process}, cumulative since it started and never
 * reset: CPU time (user + system, all threads), threads started and live, uptime, processors, heap
 * in use and after the last garbage collection, the JIT's compilation time, open and maximum file
 * descriptors. A reading the JVM does not expose is null.
 */
final class ProcessReadings {
  private ProcessReadings() {}

  static StatsSnapshot.Process now() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    Long cpu =
        os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : null;
    com.sun.management.UnixOperatingSystemMXBean unix =
        os instanceof com.sun.management.UnixOperatingSystemMXBean u ? u : null;
    java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    return new StatsSnapshot.Process(
        cpu,
        threads.getTotalStartedThreadCount(),
        threads.getThreadCount(),
        ManagementFactory.getRuntimeMXBean().getUptime(),
        Runtime.getRuntime().availableProcessors(),
        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
        jitMillis(),
        heapAfterGc(),
        unix == null ? null : unix.getOpenFileDescriptorCount(),
        unix == null ? null : unix.getMaxFileDescriptorCount());
  }

  // the JIT's accumulated compilation time: shows whether a window still paid for compiling
  private static Long jitMillis() {
    java.lang.management.CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime()
        : null;
  }

  /**
   * The heap in use right after the most recent garbage collection of any collector: what a soak
   * watches for a leak, where the heap in use at a moment swings with the allocation since the last
   * collection. Null before the first collection, or where the JVM does not report it.
   */
  static Long heapAfterGc() {
    com.sun.management.GcInfo latest = null;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof com.sun.management.GarbageCollectorMXBean sun) {
        com.sun.management.GcInfo info = sun.getLastGcInfo();
        if (info != null && (latest == null || info.getEndTime() > latest.getEndTime())) {
          latest = info;
        }
      }
    }
    if (latest == null) {
      return null;
    }
    Map<String, MemoryUsage> after = latest.getMemoryUsageAfterGc();
    long used = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      MemoryUsage u = pool.getType() == MemoryType.HEAP ? after.get(pool.getName()) : null;
      if (u != null) {
        used += u.getUsed();
      }
    }
    return used;
  }
}
