package solventa.quote;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.PriorityQueue;

/**
 * {@link NodeLoop}'s timers (decision 0038): a heap for what is due within the current bucket of
 * time, and buckets of {@value #BUCKET_SHIFT}-bit nanosecond width (about 16.8 ms) for the rest.
 *
 * <p>Why two levels: most of a busy node's timers never fire. Each quote sets an ask timeout and a
 * request timeout of seconds that its answer cancels a few milliseconds later; at 800 quotes/s a
 * single heap held about 3600 such cancelled entries, and ordering them was 4–5 % of the loop's
 * CPU. Here a timer due after the current bucket is appended to its bucket's list, with no
 * ordering; a bucket enters the heap when its time begins, and only its live timers do: the
 * cancelled ones are dropped there, never ordered. The heap then holds the next ~17 ms of live
 * timers.
 *
 * <p>Exactness: a bucket keeps its earliest timer, so the loop's next time is still the earliest
 * deadline; when that time comes, the buckets whose span has begun move into the heap before
 * anything due is taken from it. A timer thus fires at its deadline, as with one heap, and equal
 * deadlines fire in the order they were set.
 *
 * <p>Not thread-safe: {@link NodeLoop} guards it with its timer lock. Times are {@link
 * System#nanoTime} values passed in, so that tests can drive it.
 */
final class TimerQueue {
  /** A bucket spans 2^24 ns, about 16.8 ms. */
  static final int BUCKET_SHIFT = 24;

  /** {@link #next} when there is no timer. */
  static final long NONE = Long.MIN_VALUE;

  private final long origin;
  private final PriorityQueue<Entry> near = new PriorityQueue<>();
  private final HashMap<Long, Bucket> buckets = new HashMap<>();

  /** The keys of {@link #buckets}, earliest first. */
  private final PriorityQueue<Long> bucketOrder = new PriorityQueue<>();

  /** Buckets below this index are in the heap: their timers go there directly. */
  private long open;

  private long seq;
  private int size;

  /** Times are measured from {@code origin} (no timer may be due before it). */
  TimerQueue(long origin) {
    this.origin = origin;
    this.open = bucket(origin) + 1;
  }

  /** A timer: its deadline and its task, null once cancelled. */
  static class Entry implements Comparable<Entry> {
    final long deadline;
    volatile Runnable task;
    private long order;

    Entry(long deadline, Runnable task) {
      this.deadline = deadline;
      this.task = task;
    }

    /** Drops the task; the queue drops the entry when it meets it. */
    void cancelTask() {
      task = null;
    }

    @Override
    public int compareTo(Entry o) {
      long d = deadline - o.deadline;
      if (d != 0) {
        return d < 0 ? -1 : 1;
      }
      return Long.compare(order, o.order);
    }
  }

  /** The timers of one span of time, unordered, and the earliest of them. */
  private static final class Bucket {
    final ArrayList<Entry> entries = new ArrayList<>();
    Entry first;

    void add(Entry e) {
      entries.add(e);
      if (first == null || e.compareTo(first) < 0) {
        first = e;
      }
    }

    /** The earliest live timer, found again after the one known was cancelled; null if none. */
    Entry firstLive() {
      if (first != null && first.task == null) {
        first = null;
        for (Entry e : entries) {
          if (e.task != null && (first == null || e.compareTo(first) < 0)) {
            first = e;
          }
        }
      }
      return first;
    }
  }

  private long bucket(long time) {
    return (time - origin) >> BUCKET_SHIFT;
  }

  /** Adds {@code e}; whether {@link #next} became earlier (the loop's waiter must know). */
  boolean add(Entry e) {
    long before = next();
    e.order = seq++;
    size++;
    long b = bucket(e.deadline);
    if (b < open) {
      near.add(e);
    } else {
      Bucket bucket = buckets.get(b);
      if (bucket == null) {
        bucket = new Bucket();
        buckets.put(b, bucket);
        bucketOrder.add(b);
      }
      bucket.add(e);
    }
    return before == NONE || e.deadline - before < 0;
  }

  /**
   * The earliest deadline held, in the heap or in the earliest bucket; {@link #NONE} without
   * timers. It may be a cancelled timer's until {@link #settle} or {@link #poll} meets it.
   */
  long next() {
    Entry h = near.peek();
    Long b = bucketOrder.peek();
    if (b == null) {
      return h == null ? NONE : h.deadline;
    }
    long f = buckets.get(b).first.deadline;
    return h == null || f - h.deadline < 0 ? f : h.deadline;
  }

  /**
   * Takes the next timer due at {@code now} (cancelled ones included: the caller skips a null
   * task), or null when none is; moves the buckets whose time has begun into the heap first.
   */
  Entry poll(long now) {
    promote(bucket(now));
    Entry h = near.peek();
    if (h == null || h.deadline - now > 0) {
      return null;
    }
    size--;
    return near.poll();
  }

  /**
   * Before the loop waits: makes {@link #next} a live timer's deadline, so that an idle loop never
   * wakes for a timer that will not run. Drops the cancelled timers at the heap's front and the
   * earliest buckets that hold only cancelled ones.
   */
  void settle() {
    Entry h;
    while ((h = near.peek()) != null && h.task == null) {
      near.poll();
      size--;
    }
    Long b;
    while ((b = bucketOrder.peek()) != null) {
      Bucket bucket = buckets.get(b);
      if (bucket.firstLive() != null) {
        return;
      }
      size -= bucket.entries.size();
      buckets.remove(b);
      bucketOrder.poll();
    }
  }

  /** Moves the buckets up to {@code last} into the heap, their live timers only. */
  private void promote(long last) {
    if (last < open) {
      return;
    }
    Long b;
    while ((b = bucketOrder.peek()) != null && b <= last) {
      bucketOrder.poll();
      for (Entry e : buckets.remove(b).entries) {
        if (e.task != null) {
          near.add(e);
        } else {
          size--;
        }
      }
    }
    open = last + 1;
  }

  /** Timers held, cancelled ones not yet dropped included. */
  int size() {
    return size;
  }

  /** Removes every timer; the live ones' tasks. */
  List<Runnable> clear() {
    List<Runnable> left = new ArrayList<>();
    List<Entry> all = new ArrayList<>(near);
    buckets.values().forEach(b -> all.addAll(b.entries));
    for (Entry e : all) {
      Runnable t = e.task;
      if (t != null) {
        left.add(t);
      }
    }
    near.clear();
    buckets.clear();
    bucketOrder.clear();
    size = 0;
    return left;
  }
}
