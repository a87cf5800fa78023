package solventa.ops.faults;

/**
 * One minute's readings of a soak, summed over the cluster's live nodes: heap after the last
 * garbage collection, live threads, open file descriptors (and the nodes' limits on them), active
 * profile entities, the adapters' calls on the wire and waiting; and Redis's memory and its {@code
 * maxmemory}. A reading a node could not give is left out of the sum, and {@code nodes} counts the
 * nodes read.
 */
record SoakSample(
    double minute,
    int nodes,
    double heapAfterGcMb,
    long threads,
    long fileDescriptors,
    long fileDescriptorLimit,
    long entities,
    long pool,
    double redisMb,
    double redisLimitMb) {}
