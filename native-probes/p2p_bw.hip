// p2p_bw.hip: lanescope's GPU<->GPU (peer) bandwidth probe for AMD GPUs (HIP), the twin of
// p2p_bw.cu: same modes, same JSON lines ("tool":"p2p_bw_hip"). ROCm landmines as in pcie_bw.hip:
// no hipGetDeviceProperties ("name" is null; the CU count comes from hipDeviceGetAttribute),
// unbuffered stdout first, every hipError_t checked (-Werror=unused-result in the Makefile).
// On AMD the copy engine is SDMA and the kernel copy runs on the GFX compute units, which is
// what TransferBench calls its DMA and GFX executors.
//
// (The CUDA description follows; read cuda as hip.)
//
// 1. The peer-access matrix: hipDeviceCanAccessPeer for every ordered pair, with the
//    driver's P2P attributes (performance rank, native atomics), one JSON line each,
//    then the whole matrix in one line.
// 2. For every ordered pair, two engines, timed with events:
//    copy engine (DMA), hipMemcpyPeerAsync:
//      push_uni          issued on a stream of the source GPU (the source pushes)
//      pull_uni          issued on a stream of the destination GPU (the destination pulls)
//      push_bidi         both directions at once, one stream per GPU (unordered pair)
//    kernel copy (SM loads and stores through the peer mapping), pairs with peer access only:
//      kernel_push_uni   a copy kernel on the source writes into the peer's memory
//      kernel_pull_uni   a copy kernel on the destination reads the peer's memory
//      kernel_push_bidi  both GPUs push at once
//    Pull (remote reads) is often slower and direction-dependent on a healthy path; push is what
//    says whether the direct path runs at link speed (lanescope's copy-engine rung).
//    Pairs with peer access get hipDeviceEnablePeerAccess first. Pairs WITHOUT access
//    are still measured with the copy engine (the runtime stages such copies through host
//    memory) and say "peerAccess":false: a copy that succeeds is not proof of a fast direct
//    path; their kernel modes get a "skip" line (a kernel cannot address the peer's memory).
//    Every result line names its "engine" (dma, kernel) and "initiator" (push, pull).
// With fewer than 2 GPUs it prints the matrix and ends with a note.
//
// Build: make -C native-probes p2p_hip
#include <hip/hip_runtime.h>

#include "probe_common.h"

using namespace probe;

static const char *TOOL = "p2p_bw_hip";

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

struct Opts : CommonOpts {};  // empty gpus = all; sizes default to 16M,256M,1G

static void usage(FILE *f) {
    fprintf(f,
            "usage: p2p_bw_hip [--gpu N]... [--sizes LIST] [--quick] [--repeats N] [--version] [--help]\n"
            "  --gpu N       restrict to these HIP device indices (repeatable; default: all)\n"
            "  --sizes LIST  comma-separated bytes, K/M/G = KiB/MiB/GiB (default 16M,256M,1G)\n"
            "  --quick       16M only, 3 repeats: for tests\n"
            "  --repeats N   timed blocks per measurement, median reported (default 7)\n"
            "Modes: push_uni, pull_uni, push_bidi (copy engine); kernel_push_uni, kernel_pull_uni,\n"
            "       kernel_push_bidi (copy kernel; pairs with peer access only).\n"
            "Output: JSON lines on stdout (start, peer_access, peer_matrix, result, skip, verify, end).\n"
            "Exit: 0 ok, 2 usage, 3 no HIP device, 4 HIP error, 5 data check failed.\n");
}

static Opts parse(int argc, char **argv) {
    Opts o;
    Args args{TOOL, "hip", usage, argc, argv};
    while (args.next())
        if (!args.take_common(o)) args.unknown();
    if (!o.sizes_given) o.sizes = o.quick ? std::vector<size_t>{16 * MiB} : std::vector<size_t>{16 * MiB, 256 * MiB, 1 * GiB};
    if (o.quick && !o.repeats_given) o.repeats = 3;
    return o;
}

struct Dev {
    int index;
    std::string name, bdf;  // name stays empty: no hipGetDeviceProperties
};

// Grid-stride copy of n 16-byte words: the SM copy (the peer side is reached through the peer mapping).
__global__ void copy_kernel(int4 *__restrict__ dst, const int4 *__restrict__ src, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        dst[i] = src[i];
}

static int g_blocks[64];  // per device: 4 blocks of 512 threads per SM

static void copy_on(int dev, void *dst, const void *src, size_t bytes, hipStream_t s) {
    copy_kernel<<<g_blocks[dev], 512, 0, s>>>((int4 *)dst, (const int4 *)src, bytes / 16);
    CK(hipGetLastError());
}

struct PairBufs {  // per pair and size: a source and a destination buffer on each GPU
    void *src[2] = {nullptr, nullptr};
    void *dst[2] = {nullptr, nullptr};
};

// Uni-directional: `iters` copies src(a)->dst(b), issued on stream s of device `on`.
static float time_uni(bool kernel, int a, int b, int on, void *dst, void *src, size_t bytes, int iters,
                      hipStream_t s, hipEvent_t e0, hipEvent_t e1) {
    CK(hipSetDevice(a));
    CK(hipDeviceSynchronize());
    CK(hipSetDevice(b));
    CK(hipDeviceSynchronize());
    CK(hipSetDevice(on));
    CK(hipEventRecord(e0, s));
    for (int k = 0; k < iters; ++k) {
        if (kernel) copy_on(on, dst, src, bytes, s);
        else CK(hipMemcpyPeerAsync(dst, b, src, a, bytes, s));
    }
    CK(hipEventRecord(e1, s));
    CK(hipEventSynchronize(e1));
    float ms = 0.f;
    CK(hipEventElapsedTime(&ms, e0, e1));
    return ms;
}

// Bidirectional: a->b on sa (device a) and b->a on sb (device b) at once. The block starts
// at e0 on sa (sb waits for it) and ends at e1 on sa after sb's last copy (eb) is done.
static float time_bidi(bool kernel, int a, int b, PairBufs &pb, size_t bytes, int iters, hipStream_t sa,
                       hipStream_t sb, hipEvent_t e0, hipEvent_t e1, hipEvent_t eb) {
    CK(hipSetDevice(b));
    CK(hipDeviceSynchronize());
    CK(hipSetDevice(a));
    CK(hipDeviceSynchronize());
    CK(hipEventRecord(e0, sa));
    CK(hipStreamWaitEvent(sb, e0, 0));
    for (int k = 0; k < iters; ++k) {
        if (kernel) {  // each GPU pushes: a's kernel writes into b, b's into a
            CK(hipSetDevice(a));
            copy_on(a, pb.dst[1], pb.src[0], bytes, sa);
            CK(hipSetDevice(b));
            copy_on(b, pb.dst[0], pb.src[1], bytes, sb);
        } else {
            CK(hipMemcpyPeerAsync(pb.dst[1], b, pb.src[0], a, bytes, sa));
            CK(hipMemcpyPeerAsync(pb.dst[0], a, pb.src[1], b, bytes, sb));
        }
    }
    CK(hipSetDevice(b));
    CK(hipEventRecord(eb, sb));
    CK(hipSetDevice(a));
    CK(hipStreamWaitEvent(sa, eb, 0));
    CK(hipEventRecord(e1, sa));
    CK(hipEventSynchronize(e1));
    float ms = 0.f;
    CK(hipEventElapsedTime(&ms, e0, e1));
    return ms;
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IONBF, 0);
    Opts o = parse(argc, argv);

    int count = 0;
    hipError_t ce = hipGetDeviceCount(&count);
    if (ce != hipSuccess || count == 0)
        fail(TOOL, EXIT_NO_DEVICE, "no HIP device: hipGetDeviceCount returned %s (%s), count %d",
             hipGetErrorName(ce), hipGetErrorString(ce), count);
    if (o.gpus.empty())
        for (int d = 0; d < count; ++d) o.gpus.push_back(d);
    for (int g : o.gpus)
        if (g >= count) fail(TOOL, EXIT_NO_DEVICE, "no HIP device %d: only %d present", g, count);

    int rt = 0, drv = 0;
    CK(hipRuntimeGetVersion(&rt));
    CK(hipDriverGetVersion(&drv));

    std::vector<Dev> devs;
    std::string devlist = "[";
    for (int g : o.gpus) {
        char bus[64] = {0};
        CK(hipDeviceGetPCIBusId(bus, sizeof bus, g));
        Dev d{g, "", sysfs_bdf(bus)};
        int cus = 0;
        if (hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, g) != hipSuccess || cus <= 0) {
            (void)hipGetLastError();
            cus = 16;
        }
        if (g < 64) g_blocks[g] = 4 * cus;
        devlist += (devs.empty() ? "" : ",") +
                   Obj().i("device", g).null("name").str("pciBusId", d.bdf).i("numaNode", gpu_numa_node(d.bdf)).done();
        devs.push_back(d);
    }
    devlist += "]";

    Obj()
        .str("kind", "start")
        .str("tool", TOOL)
        .str("probeVersion", LANESCOPE_PROBE_VERSION)
        .str("api", "hip")
        .i("hipRuntimeVersion", rt)
        .i("hipDriverVersion", drv)
        .i("deviceCount", count)
        .raw("devices", devlist)
        .raw("sizes", json_size_array(o.sizes))
        .raw("modes", "[\"push_uni\",\"pull_uni\",\"push_bidi\",\"kernel_push_uni\",\"kernel_pull_uni\",\"kernel_push_bidi\"]")
        .i("repeats", o.repeats)
        .b("quick", o.quick)
        .emit();

    const size_t n = devs.size();
    std::vector<std::vector<int>> can(n, std::vector<int>(n, 0));
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j) {
            if (i == j) continue;
            int a = devs[i].index, b = devs[j].index, c = 0, rank = -1, atom = -1;
            CK(hipDeviceCanAccessPeer(&c, a, b));
            CK(hipDeviceGetP2PAttribute(&rank, hipDevP2PAttrPerformanceRank, a, b));
            CK(hipDeviceGetP2PAttribute(&atom, hipDevP2PAttrNativeAtomicSupported, a, b));
            can[i][j] = c;
            Obj()
                .str("kind", "peer_access")
                .i("from", a)
                .i("to", b)
                .str("fromPciBusId", devs[i].bdf)
                .str("toPciBusId", devs[j].bdf)
                .b("canAccessPeer", c != 0)
                .i("performanceRank", rank)
                .b("nativeAtomics", atom == 1)
                .emit();
        }
    std::string m = "[";
    for (size_t i = 0; i < n; ++i) {
        m += (i ? ",[" : "[");
        for (size_t j = 0; j < n; ++j) m += std::string(j ? "," : "") + (i == j ? "null" : can[i][j] ? "true" : "false");
        m += "]";
    }
    m += "]";
    std::string order = "[";
    for (size_t i = 0; i < n; ++i) order += (i ? "," : "") + json_i(devs[i].index);
    order += "]";
    Obj().str("kind", "peer_matrix").raw("devices", order).raw("canAccessPeer", m).emit();

    if (n < 2) {
        Obj().str("kind", "end").b("ok", true).i("results", 0).str("note", "fewer than 2 GPUs: no pairs").emit();
        return 0;
    }

    int nresults = 0;
    auto emit = [&](const std::string &mode, size_t i, size_t j, bool access, size_t bytes, size_t bytesPerIter,
                    int iters, const std::vector<double> &per) {
        const bool kernel = mode.rfind("kernel_", 0) == 0;
        double med = median(per), mn = *std::min_element(per.begin(), per.end()),
               mx = *std::max_element(per.begin(), per.end());
        Obj()
            .str("kind", "result")
            .str("tool", TOOL)
            .str("mode", mode)
            .i("from", devs[i].index)
            .i("to", devs[j].index)
            .str("fromPciBusId", devs[i].bdf)
            .str("toPciBusId", devs[j].bdf)
            .b("peerAccess", access)
            .str("engine", kernel ? "kernel" : "dma")
            .str("initiator", mode.find("pull") != std::string::npos ? "pull" : "push")
            .str("api", kernel ? "copy kernel" : "hipMemcpyPeerAsync")
            .u("bytes", bytes)
            .u("bytesPerIteration", bytesPerIter)
            .i("iterations", iters)
            .i("repeats", o.repeats)
            .f("medianMs", med, 6)
            .f("minMs", mn, 6)
            .f("maxMs", mx, 6)
            .f("gbPerS", med > 0 ? bytesPerIter / 1e9 / (med / 1e3) : 0.0, 3)
            .f("gbPerSMax", mn > 0 ? bytesPerIter / 1e9 / (mn / 1e3) : 0.0, 3)
            .emit();
        ++nresults;
    };

    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j) {
            const int a = devs[i].index, b = devs[j].index;
            const bool access = can[i][j] && can[j][i];
            if (access) {  // enable both ways; "already enabled" is fine
                for (int k = 0; k < 2; ++k) {
                    int from = k ? b : a, to = k ? a : b;
                    CK(hipSetDevice(from));
                    hipError_t e = hipDeviceEnablePeerAccess(to, 0);
                    if (e == hipErrorPeerAccessAlreadyEnabled) (void)hipGetLastError();
                    else CK(e);
                }
            }
            hipStream_t s[2];
            hipEvent_t e0[2], e1[2], ex[2];
            for (int k = 0; k < 2; ++k) {
                CK(hipSetDevice(k ? b : a));
                CK(hipStreamCreateWithFlags(&s[k], hipStreamNonBlocking));
                CK(hipEventCreate(&e0[k]));
                CK(hipEventCreate(&e1[k]));
                CK(hipEventCreate(&ex[k]));
            }
            for (size_t bytes : o.sizes) {
                PairBufs pb;
                const uint64_t seed = 0x51ed270b27ULL ^ bytes;
                void *h = malloc(bytes);
                if (!h) fail(TOOL, EXIT_API, "malloc(%zu) failed", bytes);
                fill_pattern(h, bytes, seed);
                for (int k = 0; k < 2; ++k) {
                    CK(hipSetDevice(k ? b : a));
                    CK(hipMalloc(&pb.src[k], bytes));
                    CK(hipMalloc(&pb.dst[k], bytes));
                    CK(hipMemcpy(pb.src[k], h, bytes, hipMemcpyHostToDevice));
                    CK(hipMemset(pb.dst[k], 0, bytes));
                }
                const int iters = iterations_for(bytes, o.quick);
                for (int kern = 0; kern < 2; ++kern) {
                    const bool kernel = kern == 1;
                    const std::string pre = kernel ? "kernel_" : "";
                    if (kernel && (!access || bytes % 16 != 0)) {
                        for (const char *m : {"kernel_push_uni", "kernel_pull_uni", "kernel_push_bidi"})
                            Obj().str("kind", "skip").str("mode", m).i("from", a).i("to", b).u("bytes", bytes)
                                .str("reason", !access ? "no peer access: a kernel cannot address the peer's memory"
                                                       : "size is not a multiple of 16 bytes")
                                .emit();
                        continue;
                    }
                    // Uni-directional, both orders, push then pull.
                    for (int dir = 0; dir < 2; ++dir) {
                        int from = dir ? b : a, to = dir ? a : b;
                        size_t fi = dir ? j : i, ti = dir ? i : j;
                        void *src = pb.src[dir], *dst = pb.dst[1 - dir];
                        for (int pull = 0; pull < 2; ++pull) {
                            int on = pull ? to : from;
                            int k = (on == a) ? 0 : 1;
                            (void)time_uni(kernel, from, to, on, dst, src, bytes, 2, s[k], e0[k], e1[k]);  // warm-up
                            std::vector<double> per;
                            for (int r = 0; r < o.repeats; ++r)
                                per.push_back(time_uni(kernel, from, to, on, dst, src, bytes, iters, s[k], e0[k], e1[k]) / iters);
                            emit(pre + (pull ? "pull_uni" : "push_uni"), fi, ti, access, bytes, bytes, iters, per);
                        }
                    }
                    // Bidirectional (aggregate of both directions).
                    (void)time_bidi(kernel, a, b, pb, bytes, 2, s[0], s[1], e0[0], e1[0], ex[1]);
                    std::vector<double> per;
                    for (int r = 0; r < o.repeats; ++r)
                        per.push_back(time_bidi(kernel, a, b, pb, bytes, iters, s[0], s[1], e0[0], e1[0], ex[1]) / iters);
                    emit(pre + "push_bidi", i, j, access, bytes, 2 * bytes, iters, per);
                }
                // Data check: both destination buffers must hold the source pattern.
                bool ok = true;
                long long bad = -1;
                for (int k = 0; k < 2 && ok; ++k) {
                    CK(hipSetDevice(k ? b : a));
                    memset(h, 0, bytes);
                    CK(hipMemcpy(h, pb.dst[k], bytes, hipMemcpyDeviceToHost));
                    bad = check_pattern(h, bytes, seed);
                    ok = bad < 0;
                }
                Obj().str("kind", "verify").i("from", a).i("to", b).u("bytes", bytes).b("ok", ok).i("firstBadByte", bad).emit();
                if (!ok) fail(TOOL, EXIT_VERIFY, "pair %d<->%d, %zu bytes: peer copy data differs", a, b, bytes);
                for (int k = 0; k < 2; ++k) {
                    CK(hipSetDevice(k ? b : a));
                    CK(hipFree(pb.src[k]));
                    CK(hipFree(pb.dst[k]));
                }
                free(h);
            }
            for (int k = 0; k < 2; ++k) {
                CK(hipSetDevice(k ? b : a));
                CK(hipStreamDestroy(s[k]));
                CK(hipEventDestroy(e0[k]));
                CK(hipEventDestroy(e1[k]));
                CK(hipEventDestroy(ex[k]));
            }
        }

    Obj().str("kind", "end").b("ok", true).i("results", nresults).emit();
    return 0;
}
