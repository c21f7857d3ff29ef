// pcie_bw.cu: lanescope's host<->device bandwidth probe for NVIDIA GPUs (CUDA).
//
// For each GPU asked (--gpu N, repeatable; default 0) it sweeps transfer sizes
// with pinned (cudaHostAlloc) and pageable (malloc) host memory in four modes:
//   h2d_sync   cudaMemcpy host->device, back to back on the legacy default stream
//   h2d_async  cudaMemcpyAsync host->device, back to back on one stream
//   d2h        device->host; pinned: cudaMemcpyAsync on the stream, pageable: cudaMemcpy
//   single     one host->device transfer timed alone (pinned: async, pageable: sync)
// and, for pinned memory (unless --batch off), the same bytes as N transfers of the size
// issued together, to show what batching recovers of the fixed cost per transfer:
//   h2d_batch      one cudaMemcpyBatchAsync of the N copies (CUDA 12.8 and later)
//   h2d_graph      one cudaGraphLaunch of a graph captured from the N cudaMemcpyAsync
//   h2d_coalesced  the N pieces lie adjacent, so they go as few large cudaMemcpyAsync
//                  (what gathering into a staging buffer buys, the gather itself not timed)
// Each (size, memory, mode) gets a warm-up, then `repeats` timed blocks of `iterations`
// transfers bracketed by CUDA events; the median block gives medianMs per transfer.
// Output: one JSON object per line on stdout (see README.md for every key).
//
// Build: make -C native-probes cuda     (nvcc -O2 -arch=sm_90 by default)
#include <cuda_runtime.h>

#include "probe_common.h"

using namespace probe;

static const char *TOOL = "pcie_bw";

// Every CUDA call goes through CK: on failure it prints file:line, the call and
// cudaGetErrorString to stderr, closes the JSON stream and exits non-zero.
#define CK(call)                                                                              \
    do {                                                                                      \
        cudaError_t ck_e_ = (call);                                                           \
        if (ck_e_ != cudaSuccess) {                                                           \
            fprintf(stderr, "%s: %s:%d: %s failed: %s (%s)\n", TOOL, __FILE__, __LINE__, #call, \
                    cudaGetErrorString(ck_e_), cudaGetErrorName(ck_e_));                      \
            fail(TOOL, EXIT_API, "%s failed at %s:%d: %s", #call, __FILE__, __LINE__,          \
                 cudaGetErrorString(ck_e_));                                                  \
        }                                                                                     \
    } while (0)

using Mode = SweepMode;

// cudaMemcpyBatchAsync came with CUDA 12.8; CUDA 13 dropped its failIdx argument.
#if CUDART_VERSION >= 12080
static const bool HAVE_BATCH_API = true;
#else
static const bool HAVE_BATCH_API = false;
#endif

static ModePlan g_plan;

static bool mode_runs(int m, bool pinned) { return g_plan.runs(m, pinned); }

// Tries a batched mode's setup or first call; on failure says so in a skip line and leaves it out.
static void batched_ok(cudaError_t e, int m, int g, const std::string &bdf, size_t bytes, const char *what) {
    if (e == cudaSuccess) return;
    (void)cudaGetLastError();
    g_plan.refuse(TOOL, m, g, bdf, bytes, what, cudaGetErrorString(e), cudaGetErrorName(e));
}

// What the batched modes of one size share: the pieces and the graph captured from them.
struct Batch : Pieces {
    cudaGraphExec_t graph = nullptr;
    int graphPieces = 0;
};

using Opts = SweepOpts;

static void usage(FILE *f) {
    fprintf(f,
            "usage: pcie_bw [--gpu N]... [--sizes LIST] [--quick] [--repeats N]\n"
            "               [--memory pinned|pageable|both] [--batch on|off] [--version] [--help]\n"
            "  --gpu N       CUDA device index to probe (repeatable; default 0)\n"
            "  --sizes LIST  comma-separated bytes, K/M/G suffixes are KiB/MiB/GiB\n"
            "                (default 460800,2459136,3M,16M,64M,256M,1G,2G)\n"
            "  --quick       few sizes (460800,3M,64M), 3 repeats, short blocks: for tests\n"
            "  --repeats N   timed blocks per measurement, median reported (default 7)\n"
            "  --memory M    host memory kinds to measure (default both)\n"
            "  --batch off   skip the batched modes (pinned: the same bytes issued together)\n"
            "Output: JSON lines on stdout (start, progress, result, skip, verify, end).\n"
            "Exit: 0 ok, 2 usage, 3 no CUDA device, 4 CUDA error, 5 data check failed.\n");
}

static Opts parse(int argc, char **argv) { return parse_sweep_args(TOOL, "cuda", usage, argc, argv); }

static std::string cuda_ver(int v) {  // 13000 -> "13.0"
    char b[32];
    snprintf(b, sizeof b, "%d.%d", v / 1000, (v % 1000) / 10);
    return b;
}

struct DevInfo {
    int index;
    std::string name, bus, bdf;
    size_t total;
    int ccMajor, ccMinor;
    int numa;
};

static DevInfo dev_info(int d) {
    DevInfo i;
    i.index = d;
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, d));
    i.name = p.name;
    char bus[64] = {0};
    CK(cudaDeviceGetPCIBusId(bus, sizeof bus, d));
    i.bus = bus;
    i.bdf = sysfs_bdf(bus);
    i.total = p.totalGlobalMem;
    i.ccMajor = p.major;
    i.ccMinor = p.minor;
    i.numa = gpu_numa_node(i.bdf);
    return i;
}

// One cudaMemcpyBatchAsync of the first `iters` pieces.
static cudaError_t batch_call(Batch &bt, int iters, cudaStream_t st) {
#if CUDART_VERSION >= 12080
    cudaMemcpyAttributes attr;
    memset(&attr, 0, sizeof attr);
    attr.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    size_t attrIdx = 0;
#if CUDART_VERSION >= 13000
    return cudaMemcpyBatchAsync(bt.dsts.data(), bt.srcs.data(), bt.sizes.data(), (size_t)iters, &attr, &attrIdx, 1,
                                st);
#else
    size_t failIdx = 0;
    return cudaMemcpyBatchAsync(bt.dsts.data(), (void **)bt.srcs.data(), bt.sizes.data(), (size_t)iters, &attr,
                                &attrIdx, 1, &failIdx, st);
#endif
#else
    (void)bt, (void)iters, (void)st;
    return cudaErrorNotSupported;
#endif
}

static void issue_batched(Mode m, Batch &bt, void *dev, void *host, size_t bytes, int iters, cudaStream_t st) {
    if (m == H2D_BATCH) {
        CK(batch_call(bt, iters, st));
    } else if (m == H2D_GRAPH) {
        if (iters != bt.graphPieces) fail(TOOL, EXIT_API, "internal: graph of %d pieces launched for %d", bt.graphPieces, iters);
        CK(cudaGraphLaunch(bt.graph, st));
    } else {  // H2D_COALESCED: runs of up to `slots` adjacent pieces, one copy each
        for (int k = 0; k < iters; k += bt.slots) {
            int n = std::min(bt.slots, iters - k);
            CK(cudaMemcpyAsync(dev, host, (size_t)n * bytes, cudaMemcpyHostToDevice, st));
        }
    }
}

// Captures the N one-by-one copies of the batch into a graph (built outside any timing).
static cudaError_t capture_graph(Batch &bt, int iters, cudaStream_t s) {
    cudaGraph_t g = nullptr;
    cudaError_t e = cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);
    for (int k = 0; k < iters && e == cudaSuccess; ++k)
        e = cudaMemcpyAsync(bt.dsts[k], bt.srcs[k], bt.sizes[k], cudaMemcpyHostToDevice, s);
    cudaError_t end = cudaStreamEndCapture(s, &g);  // ends the capture even after a failed copy
    if (e == cudaSuccess) e = end;
    if (e == cudaSuccess) e = cudaGraphInstantiate(&bt.graph, g, 0);
    if (g) (void)cudaGraphDestroy(g);
    bt.graphPieces = iters;
    return e;
}

// Times `iters` transfers of `bytes` in the given mode; returns the block's elapsed ms.
static float time_block(Mode m, bool pinned, void *dev, void *host, size_t bytes, int iters,
                        cudaStream_t s, cudaEvent_t a, cudaEvent_t b, Batch &bt) {
    // h2d_async is always cudaMemcpyAsync on our stream (pageable: the driver stages it);
    // d2h and single are async for pinned memory and cudaMemcpy for pageable;
    // h2d_sync is always cudaMemcpy. cudaMemcpy runs on the legacy default stream 0.
    // The batched modes run on our stream (cudaMemcpyBatchAsync refuses the legacy one).
    const bool async = (m == H2D_ASYNC) || m >= NPLAIN || (pinned && (m == D2H || m == SINGLE));
    cudaStream_t st = async ? s : (cudaStream_t)0;
    CK(cudaDeviceSynchronize());
    CK(cudaEventRecord(a, st));
    if (m >= NPLAIN) {
        issue_batched(m, bt, dev, host, bytes, iters, st);
    } else {
        for (int k = 0; k < iters; ++k) {
            if (m == D2H) {
                if (async) CK(cudaMemcpyAsync(host, dev, bytes, cudaMemcpyDeviceToHost, st));
                else CK(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost));
            } else {
                if (async) CK(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, st));
                else CK(cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice));
            }
        }
    }
    CK(cudaEventRecord(b, st));
    CK(cudaEventSynchronize(b));
    float ms = 0.f;
    CK(cudaEventElapsedTime(&ms, a, b));
    return ms;
}

static const char *api_of(Mode m, bool pinned) {
    if (m == H2D_BATCH) return "cudaMemcpyBatchAsync";
    if (m == H2D_GRAPH) return "cudaGraphLaunch";
    if (m == H2D_COALESCED) return "cudaMemcpyAsync";
    if (m == H2D_SYNC) return "cudaMemcpy";
    if (m == H2D_ASYNC) return "cudaMemcpyAsync";
    return pinned ? "cudaMemcpyAsync" : "cudaMemcpy";
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IONBF, 0);  // a crash must not swallow buffered lines
    Opts o = parse(argc, argv);

    int count = 0;
    cudaError_t ce = cudaGetDeviceCount(&count);
    if (ce != cudaSuccess || count == 0) {
        fail(TOOL, EXIT_NO_DEVICE, "no CUDA device: cudaGetDeviceCount returned %s (%s), count %d",
             cudaGetErrorName(ce), cudaGetErrorString(ce), count);
    }
    for (int g : o.gpus)
        if (g >= count) fail(TOOL, EXIT_NO_DEVICE, "no CUDA device %d: only %d present", g, count);

    int rt = 0, drv = 0;
    CK(cudaRuntimeGetVersion(&rt));
    CK(cudaDriverGetVersion(&drv));

    std::vector<DevInfo> devs;
    for (int d = 0; d < count; ++d) devs.push_back(dev_info(d));

    std::string devlist = "[";
    for (size_t k = 0; k < devs.size(); ++k) {
        const DevInfo &i = devs[k];
        char cc[16];
        snprintf(cc, sizeof cc, "%d.%d", i.ccMajor, i.ccMinor);
        devlist += (k ? "," : "") + Obj()
                                        .i("device", i.index)
                                        .str("name", i.name)
                                        .str("pciBusId", i.bdf)
                                        .u("totalMemBytes", i.total)
                                        .str("computeCapability", cc)
                                        .i("numaNode", i.numa)
                                        .done();
    }
    devlist += "]";
    std::string gpulist = "[";
    for (size_t k = 0; k < o.gpus.size(); ++k) gpulist += (k ? "," : "") + json_i(o.gpus[k]);
    gpulist += "]";
    std::string memlist = std::string("[") + (o.pinned ? "\"pinned\"" : "") +
                          (o.pinned && o.pageable ? "," : "") + (o.pageable ? "\"pageable\"" : "") + "]";
    char host[256] = {0};
    gethostname(host, sizeof host - 1);
    g_plan.batch = o.batch;
    g_plan.haveBatchApi = HAVE_BATCH_API;
    std::string modelist = g_plan.json_list(o.pinned);

    Obj()
        .str("kind", "start")
        .str("tool", TOOL)
        .str("probeVersion", LANESCOPE_PROBE_VERSION)
        .str("api", "cuda")
        .str("cudaRuntimeVersion", cuda_ver(rt))
        .str("cudaDriverVersion", cuda_ver(drv))
        .i("deviceCount", count)
        .raw("devices", devlist)
        .raw("gpus", gpulist)
        .raw("sizes", json_size_array(o.sizes))
        .raw("memories", memlist)
        .raw("modes", modelist)
        .raw("batchApi", g_plan.runs(H2D_BATCH, o.pinned) ? json_str("cudaMemcpyBatchAsync") : "null")
        .i("repeats", o.repeats)
        .str("repeatOrder", "interleaved")
        .b("quick", o.quick)
        .str("hostname", host)
        .i("pid", (long long)getpid())
        .i("cpu", current_cpu())
        .emit();

    const int perSize = g_plan.per_size(o.pinned, o.pageable);
    const int total = (int)(o.gpus.size() * o.sizes.size()) * perSize;
    int done = 0, nresults = 0, nskipped = 0;

    for (int g : o.gpus) {
        const DevInfo &di = devs[g];
        CK(cudaSetDevice(g));
        CK(cudaFree(0));  // create the context outside any timing
        cudaStream_t s;
        cudaEvent_t ea, eb;
        CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        CK(cudaEventCreate(&ea));
        CK(cudaEventCreate(&eb));

        {   // global warm-up: first copies in each direction pay for lazy driver setup
            const size_t wb = 8 * MiB;
            void *d = nullptr, *h = nullptr;
            CK(cudaMalloc(&d, wb));
            CK(cudaHostAlloc(&h, wb, cudaHostAllocDefault));
            fill_pattern(h, wb, 7);
            for (int k = 0; k < 4; ++k) {
                CK(cudaMemcpyAsync(d, h, wb, cudaMemcpyHostToDevice, s));
                CK(cudaMemcpyAsync(h, d, wb, cudaMemcpyDeviceToHost, s));
            }
            CK(cudaStreamSynchronize(s));
            CK(cudaFreeHost(h));
            CK(cudaFree(d));
        }

        for (size_t bytes : o.sizes) {
            const uint64_t seed = 0x9e3779b97f4a7c15ULL ^ bytes;
            // The pinned and device buffers hold `slots` pieces for the batched modes (one without them).
            const int slots = o.batch && o.pinned ? batch_slots(bytes, iterations_for(bytes, o.quick)) : 1;
            const size_t slotBytes = (size_t)slots * bytes;
            // Memory guard: the device buffer, plus pinned and pageable host copies.
            size_t freeB = 0, totalB = 0;
            CK(cudaMemGetInfo(&freeB, &totalB));
            uint64_t avail = host_mem_available();
            std::string why;
            if ((uint64_t)slotBytes + 256ULL * MiB > freeB) why = "not enough free device memory";
            else if (avail && (uint64_t)(o.pinned ? slotBytes : 0) + (o.pageable ? bytes : 0) + 512ULL * MiB > avail)
                why = "not enough available host memory (MemAvailable)";

            void *dev = nullptr, *pin = nullptr, *pag = nullptr;
            if (why.empty()) {
                cudaError_t e = cudaMalloc(&dev, slotBytes);
                if (e == cudaErrorMemoryAllocation) {
                    (void)cudaGetLastError();
                    dev = nullptr;
                    why = "cudaMalloc: out of memory";
                } else {
                    CK(e);
                }
            }
            if (why.empty() && o.pinned) {
                cudaError_t e = cudaHostAlloc(&pin, slotBytes, cudaHostAllocDefault);
                if (e == cudaErrorMemoryAllocation) {
                    (void)cudaGetLastError();
                    pin = nullptr;
                    why = "cudaHostAlloc: out of memory";
                } else {
                    CK(e);
                }
            }
            if (why.empty() && o.pageable) {
                pag = malloc(bytes);
                if (!pag) why = "malloc: out of memory";
            }
            if (!why.empty()) {
                Obj()
                    .str("kind", "skip")
                    .i("device", g)
                    .str("pciBusId", di.bdf)
                    .u("bytes", bytes)
                    .str("reason", why)
                    .u("deviceFreeBytes", freeB)
                    .u("hostAvailableBytes", avail)
                    .emit();
                ++nskipped;
                done += perSize;
                if (pag) free(pag);
                if (pin) CK(cudaFreeHost(pin));
                if (dev) CK(cudaFree(dev));
                continue;
            }
            // Same pattern in both host buffers; touching every page also faults in pageable memory.
            if (pin) fill_slots(pin, bytes, slots, seed);
            if (pag) fill_pattern(pag, bytes, seed);

            for (int mi = 0; mi < 2; ++mi) {
                bool pinned = (mi == 0);
                if (pinned ? !pin : !pag) continue;
                void *hbuf = pinned ? pin : pag;
                int hnode = numa_node_of(hbuf);
                Batch bt;
                const int nb = iterations_for(bytes, o.quick);
                if (pinned && o.batch) {
                    bt.layout(dev, pin, bytes, nb, slots);
                    if (mode_runs(H2D_GRAPH, true))
                        batched_ok(capture_graph(bt, nb, s), H2D_GRAPH, g, di.bdf, bytes,
                                   "capturing the copies into a graph");
                    if (mode_runs(H2D_BATCH, true)) {
                        batched_ok(batch_call(bt, 2, s), H2D_BATCH, g, di.bdf, bytes, "cudaMemcpyBatchAsync");
                        CK(cudaStreamSynchronize(s));
                    }
                }
                // Warm-up: two untimed transfers of each mode's exact shape (the graph: one launch).
                int itersOf[NMODES];
                for (int m = 0; m < NMODES; ++m) {
                    if (!mode_runs(m, pinned)) continue;
                    itersOf[m] = (m == SINGLE) ? 1 : nb;
                    int warm = m == SINGLE ? 1 : m == H2D_GRAPH ? nb : 2;
                    (void)time_block((Mode)m, pinned, dev, hbuf, bytes, warm, s, ea, eb, bt);
                }
                // Repeats are interleaved across the modes (repeat r of every mode, then r+1), so
                // a slowdown that lasts a few hundred ms (a monitor's query, the VM growing its
                // memory, another tenant) lands in a few repeats of each mode, and the median
                // drops it, instead of taking all repeats of one mode.
                std::vector<std::vector<double>> perOf(NMODES);  // ms per transfer, per repeat
                for (int r = 0; r < o.repeats; ++r)
                    for (int m = 0; m < NMODES; ++m)
                        if (mode_runs(m, pinned))
                            perOf[m].push_back(
                                time_block((Mode)m, pinned, dev, hbuf, bytes, itersOf[m], s, ea, eb, bt) / itersOf[m]);
                if (bt.graph) CK(cudaGraphExecDestroy(bt.graph));
                for (int m = 0; m < NMODES; ++m) {
                    if (!mode_runs(m, pinned)) continue;
                    Mode mode = (Mode)m;
                    const int iters = itersOf[m];
                    const std::vector<double> &per = perOf[m];
                    double med = median(per);
                    double mn = *std::min_element(per.begin(), per.end());
                    double mx = *std::max_element(per.begin(), per.end());
                    Obj()
                        .str("kind", "result")
                        .str("tool", TOOL)
                        .i("device", g)
                        .str("pciBusId", di.bdf)
                        .str("name", di.name)
                        .str("memory", pinned ? "pinned" : "pageable")
                        .str("mode", MODE_NAME[m])
                        .str("direction", mode == D2H ? "d2h" : "h2d")
                        .str("api", api_of(mode, pinned))
                        .u("bytes", bytes)
                        .i("iterations", iters)
                        .i("repeats", o.repeats)
                        .f("medianMs", med, 6)
                        .f("minMs", mn, 6)
                        .f("maxMs", mx, 6)
                        .f("gbPerS", med > 0 ? bytes / 1e9 / (med / 1e3) : 0.0, 3)
                        .f("gbPerSMax", mn > 0 ? bytes / 1e9 / (mn / 1e3) : 0.0, 3)
                        .i("hostNumaNode", hnode)
                        .i("cpu", current_cpu())
                        .raw("slots", m >= NPLAIN ? json_i(bt.slots) : "null")
                        .emit();
                    ++nresults;
                    ++done;
                    Obj().str("kind", "progress").i("done", done).i("total", total).emit();
                }
            }

            // Data check: every slot of the device buffer must hold the pattern the H2D copies carried.
            void *dst = pag ? pag : pin;
            long long bad = -1;
            for (int k = 0; k < slots && bad < 0; ++k) {
                memset(dst, 0, bytes);
                CK(cudaMemcpy(dst, (unsigned char *)dev + (size_t)k * bytes, bytes, cudaMemcpyDeviceToHost));
                bad = check_pattern(dst, bytes, seed);
                if (bad >= 0) bad += (long long)k * (long long)bytes;
            }
            Obj()
                .str("kind", "verify")
                .i("device", g)
                .u("bytes", bytes)
                .b("ok", bad < 0)
                .i("firstBadByte", bad)
                .emit();
            if (bad >= 0)
                fail(TOOL, EXIT_VERIFY, "device %d, %zu bytes: data read back differs at byte %lld", g,
                     bytes, bad);

            if (pag) free(pag);
            if (pin) CK(cudaFreeHost(pin));
            CK(cudaFree(dev));
        }
        CK(cudaEventDestroy(ea));
        CK(cudaEventDestroy(eb));
        CK(cudaStreamDestroy(s));
    }

    Obj().str("kind", "end").b("ok", true).i("results", nresults).i("skipped", nskipped).emit();
    return 0;
}
