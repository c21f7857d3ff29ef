// pcie_bw.hip: lanescope's host<->device bandwidth probe for AMD GPUs (HIP).
//
// The HIP twin of pcie_bw.cu: same sweep, same modes, same JSON lines. It encodes
// the ROCm landmines of seed 000 §3 (also DOMAIN.md §8):
//   * only hipGetDeviceCount + hipSetDevice to find and pick devices; NEVER
//     hipGetDeviceProperties (it segfaults on some builds), so "name" is null;
//     hipDeviceGetPCIBusId and hipMemGetInfo are the only other device queries;
//   * setvbuf(stdout, NULL, _IONBF, 0) is the first line of main, so a crash
//     cannot swallow block-buffered output and hide where it happened;
//   * every hipError_t is [[nodiscard]] (C++17): each one goes through CK or is
//     explicitly cast to void, and the Makefile adds -Werror=unused-result;
//   * the build names its target: --offload-arch=$(HIP_ARCH) (see Makefile).
//
// For each GPU asked (--gpu N, repeatable; default 0) it sweeps transfer sizes
// with pinned (hipHostMalloc) and pageable (malloc) host memory in four modes:
//   h2d_sync   hipMemcpy host->device, back to back on the null stream
//   h2d_async  hipMemcpyAsync host->device, back to back on one stream
//   d2h        device->host; pinned: hipMemcpyAsync on the stream, pageable: hipMemcpy
//   single     one host->device transfer timed alone (pinned: async, pageable: sync)
// and, for pinned memory (unless --batch off), the same bytes as N transfers issued together:
//   h2d_graph      one hipGraphLaunch of a graph captured from the N hipMemcpyAsync
//   h2d_coalesced  the N pieces lie adjacent, so they go as few large hipMemcpyAsync
// h2d_batch (one batched-copy call) is CUDA's: the HIP this compiles against has no such call, so the
// start line says "batchApi": null and no h2d_batch result is written.
// Each (size, memory, mode) gets a warm-up, then `repeats` timed blocks of `iterations`
// transfers bracketed by HIP events; the median block gives medianMs per transfer.
// Output: one JSON object per line on stdout (see README.md for every key).
//
// Build: make -C native-probes hip      (HIP_PLATFORM=amd hipcc --offload-arch=gfx1030 -O2)
// Pinned memory is hipHostMalloc (the HIP spelling of cudaHostAlloc).
#include <hip/hip_runtime.h>

#include "probe_common.h"

using namespace probe;

static const char *TOOL = "pcie_bw_hip";

// Every HIP call goes through CK: on failure it prints file:line, the call and
// hipGetErrorString to stderr, closes the JSON stream and exits non-zero.
#define CK(call)                                                                              \
    do {                                                                                      \
        hipError_t ck_e_ = (call);                                                           \
        if (ck_e_ != hipSuccess) {                                                           \
            fprintf(stderr, "%s: %s:%d: %s failed: %s (%s)\n", TOOL, __FILE__, __LINE__, #call, \
                    hipGetErrorString(ck_e_), hipGetErrorName(ck_e_));                      \
            fail(TOOL, EXIT_API, "%s failed at %s:%d: %s", #call, __FILE__, __LINE__,          \
                 hipGetErrorString(ck_e_));                                                  \
        }                                                                                     \
    } while (0)

using Mode = SweepMode;

static ModePlan g_plan;  // haveBatchApi stays false: no batched-copy call in HIP here

static bool mode_runs(int m, bool pinned) { return g_plan.runs(m, pinned); }

// Tries a batched mode's setup; on failure says so in a skip line and leaves it out.
static void batched_ok(hipError_t e, int m, int g, const std::string &bdf, size_t bytes, const char *what) {
    if (e == hipSuccess) return;
    (void)hipGetLastError();
    g_plan.refuse(TOOL, m, g, bdf, bytes, what, hipGetErrorString(e), hipGetErrorName(e));
}

// What the batched modes of one size share: the pieces and the graph captured from them.
struct Batch : Pieces {
    hipGraphExec_t graph = nullptr;
    int graphPieces = 0;
};

static void issue_batched(Mode m, Batch &bt, void *dev, void *host, size_t bytes, int iters, hipStream_t st) {
    if (m == H2D_GRAPH) {
        if (iters != bt.graphPieces) fail(TOOL, EXIT_API, "internal: graph of %d pieces launched for %d", bt.graphPieces, iters);
        CK(hipGraphLaunch(bt.graph, st));
    } else {  // H2D_COALESCED: runs of up to `slots` adjacent pieces, one copy each
        for (int k = 0; k < iters; k += bt.slots) {
            int n = std::min(bt.slots, iters - k);
            CK(hipMemcpyAsync(dev, host, (size_t)n * bytes, hipMemcpyHostToDevice, st));
        }
    }
}

// Captures the N one-by-one copies of the batch into a graph (built outside any timing).
static hipError_t capture_graph(Batch &bt, int iters, hipStream_t s) {
    hipGraph_t g = nullptr;
    hipError_t e = hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal);
    for (int k = 0; k < iters && e == hipSuccess; ++k)
        e = hipMemcpyAsync(bt.dsts[k], bt.srcs[k], bt.sizes[k], hipMemcpyHostToDevice, s);
    hipError_t end = hipStreamEndCapture(s, &g);  // ends the capture even after a failed copy
    if (e == hipSuccess) e = end;
    if (e == hipSuccess) e = hipGraphInstantiate(&bt.graph, g, nullptr, nullptr, 0);
    if (g) (void)hipGraphDestroy(g);
    bt.graphPieces = iters;
    return e;
}

using Opts = SweepOpts;

static void usage(FILE *f) {
    fprintf(f,
            "usage: pcie_bw_hip [--gpu N]... [--sizes LIST] [--quick] [--repeats N]\n"
            "               [--memory pinned|pageable|both] [--batch on|off] [--version] [--help]\n"
            "  --gpu N       HIP device index to probe (repeatable; default 0)\n"
            "  --sizes LIST  comma-separated bytes, K/M/G suffixes are KiB/MiB/GiB\n"
            "                (default 460800,2459136,3M,16M,64M,256M,1G,2G)\n"
            "  --quick       few sizes (460800,3M,64M), 3 repeats, short blocks: for tests\n"
            "  --repeats N   timed blocks per measurement, median reported (default 7)\n"
            "  --memory M    host memory kinds to measure (default both)\n"
            "  --batch off   skip the batched modes (pinned: the same bytes issued together)\n"
            "Output: JSON lines on stdout (start, progress, result, skip, verify, end).\n"
            "Exit: 0 ok, 2 usage, 3 no HIP device, 4 HIP error, 5 data check failed.\n");
}

static Opts parse(int argc, char **argv) { return parse_sweep_args(TOOL, "hip", usage, argc, argv); }

struct DevInfo {
    int index;
    std::string bus, bdf;
    int numa;
};

// Landmine: no hipGetDeviceProperties here (it segfaults on some ROCm builds).
// The PCI bus id comes from hipDeviceGetPCIBusId, the NUMA node from sysfs.
static DevInfo dev_info(int d) {
    DevInfo i;
    i.index = d;
    char bus[64] = {0};
    CK(hipDeviceGetPCIBusId(bus, (int)sizeof bus, d));
    i.bus = bus;
    i.bdf = sysfs_bdf(bus);
    i.numa = gpu_numa_node(i.bdf);
    return i;
}

// Times `iters` transfers of `bytes` in the given mode; returns the block's elapsed ms.
static float time_block(Mode m, bool pinned, void *dev, void *host, size_t bytes, int iters,
                        hipStream_t s, hipEvent_t a, hipEvent_t b, Batch &bt) {
    // h2d_async is always hipMemcpyAsync on our stream (pageable: the runtime stages it);
    // d2h and single are async for pinned memory and hipMemcpy for pageable;
    // h2d_sync is always hipMemcpy. hipMemcpy runs on the null stream 0.
    // The batched modes run on our stream.
    const bool async = (m == H2D_ASYNC) || m >= NPLAIN || (pinned && (m == D2H || m == SINGLE));
    hipStream_t st = async ? s : (hipStream_t)0;
    CK(hipDeviceSynchronize());
    CK(hipEventRecord(a, st));
    if (m >= NPLAIN) {
        issue_batched(m, bt, dev, host, bytes, iters, st);
    } else {
        for (int k = 0; k < iters; ++k) {
            if (m == D2H) {
                if (async) CK(hipMemcpyAsync(host, dev, bytes, hipMemcpyDeviceToHost, st));
                else CK(hipMemcpy(host, dev, bytes, hipMemcpyDeviceToHost));
            } else {
                if (async) CK(hipMemcpyAsync(dev, host, bytes, hipMemcpyHostToDevice, st));
                else CK(hipMemcpy(dev, host, bytes, hipMemcpyHostToDevice));
            }
        }
    }
    CK(hipEventRecord(b, st));
    CK(hipEventSynchronize(b));
    float ms = 0.f;
    CK(hipEventElapsedTime(&ms, a, b));
    return ms;
}

static const char *api_of(Mode m, bool pinned) {
    if (m == H2D_GRAPH) return "hipGraphLaunch";
    if (m == H2D_COALESCED) return "hipMemcpyAsync";
    if (m == H2D_SYNC) return "hipMemcpy";
    if (m == H2D_ASYNC) return "hipMemcpyAsync";
    return pinned ? "hipMemcpyAsync" : "hipMemcpy";
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IONBF, 0);  // landmine: first line, so a segfault cannot hide output
    Opts o = parse(argc, argv);

    int count = 0;
    hipError_t ce = hipGetDeviceCount(&count);
    if (ce != hipSuccess || count == 0) {
        fail(TOOL, EXIT_NO_DEVICE, "no HIP device: hipGetDeviceCount returned %s (%s), count %d",
             hipGetErrorName(ce), hipGetErrorString(ce), count);
    }
    for (int g : o.gpus)
        if (g >= count) fail(TOOL, EXIT_NO_DEVICE, "no HIP device %d: only %d present", g, count);

    int rt = 0, drv = 0;
    CK(hipRuntimeGetVersion(&rt));
    CK(hipDriverGetVersion(&drv));

    std::vector<DevInfo> devs;
    for (int d = 0; d < count; ++d) devs.push_back(dev_info(d));

    std::string devlist = "[";
    for (size_t k = 0; k < devs.size(); ++k) {
        const DevInfo &i = devs[k];
        devlist += (k ? "," : "") + Obj()
                                        .i("device", i.index)
                                        .null("name")
                                        .str("pciBusId", i.bdf)
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
    std::string modelist = g_plan.json_list(o.pinned);

    Obj()
        .str("kind", "start")
        .str("tool", TOOL)
        .str("probeVersion", LANESCOPE_PROBE_VERSION)
        .str("api", "hip")
        .i("hipRuntimeVersion", rt)
        .i("hipDriverVersion", drv)
        .i("deviceCount", count)
        .raw("devices", devlist)
        .raw("gpus", gpulist)
        .raw("sizes", json_size_array(o.sizes))
        .raw("memories", memlist)
        .raw("modes", modelist)
        .null("batchApi")
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
        CK(hipSetDevice(g));
        CK(hipFree(0));  // create the context outside any timing
        hipStream_t s;
        hipEvent_t ea, eb;
        CK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
        CK(hipEventCreate(&ea));
        CK(hipEventCreate(&eb));

        {   // global warm-up: first copies in each direction pay for lazy driver setup
            const size_t wb = 8 * MiB;
            void *d = nullptr, *h = nullptr;
            CK(hipMalloc(&d, wb));
            CK(hipHostMalloc(&h, wb, hipHostMallocDefault));
            fill_pattern(h, wb, 7);
            for (int k = 0; k < 4; ++k) {
                CK(hipMemcpyAsync(d, h, wb, hipMemcpyHostToDevice, s));
                CK(hipMemcpyAsync(h, d, wb, hipMemcpyDeviceToHost, s));
            }
            CK(hipStreamSynchronize(s));
            CK(hipHostFree(h));
            CK(hipFree(d));
        }

        for (size_t bytes : o.sizes) {
            const uint64_t seed = 0x9e3779b97f4a7c15ULL ^ bytes;
            // The pinned and device buffers hold `slots` pieces for the batched modes (one without them).
            const int slots = o.batch && o.pinned ? batch_slots(bytes, iterations_for(bytes, o.quick)) : 1;
            const size_t slotBytes = (size_t)slots * bytes;
            // Memory guard: the device buffer, plus pinned and pageable host copies.
            size_t freeB = 0, totalB = 0;
            CK(hipMemGetInfo(&freeB, &totalB));
            uint64_t avail = host_mem_available();
            std::string why;
            if ((uint64_t)slotBytes + 256ULL * MiB > freeB) why = "not enough free device memory";
            else if (avail && (uint64_t)(o.pinned ? slotBytes : 0) + (o.pageable ? bytes : 0) + 512ULL * MiB > avail)
                why = "not enough available host memory (MemAvailable)";

            void *dev = nullptr, *pin = nullptr, *pag = nullptr;
            if (why.empty()) {
                hipError_t e = hipMalloc(&dev, slotBytes);
                if (e == hipErrorOutOfMemory) {
                    (void)hipGetLastError();
                    dev = nullptr;
                    why = "hipMalloc: out of memory";
                } else {
                    CK(e);
                }
            }
            if (why.empty() && o.pinned) {
                hipError_t e = hipHostMalloc(&pin, slotBytes, hipHostMallocDefault);
                if (e == hipErrorOutOfMemory) {
                    (void)hipGetLastError();
                    pin = nullptr;
                    why = "hipHostMalloc: out of memory";
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
                if (pin) CK(hipHostFree(pin));
                if (dev) CK(hipFree(dev));
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
                if (bt.graph) CK(hipGraphExecDestroy(bt.graph));
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
                        .null("name")
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
                CK(hipMemcpy(dst, (unsigned char *)dev + (size_t)k * bytes, bytes, hipMemcpyDeviceToHost));
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
            if (pin) CK(hipHostFree(pin));
            CK(hipFree(dev));
        }
        CK(hipEventDestroy(ea));
        CK(hipEventDestroy(eb));
        CK(hipStreamDestroy(s));
    }

    Obj().str("kind", "end").b("ok", true).i("results", nresults).i("skipped", nskipped).emit();
    return 0;
}
