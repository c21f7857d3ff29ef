// probe_common.h: the vendor-neutral half of lanescope's bandwidth probes.
//
// Shared by pcie_bw.cu, pcie_bw.hip and p2p_bw.cu: command-line parsing, the
// size sweep, the iteration rule, medians, JSON-line output, host memory and
// NUMA facts. Nothing in here touches a GPU API, so the CUDA and HIP probes
// keep their runtime calls (and the HIP landmines) in plain sight.
#ifndef LANESCOPE_PROBE_COMMON_H
#define LANESCOPE_PROBE_COMMON_H

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#define LANESCOPE_PROBE_VERSION "1.1.0"

namespace probe {

static const size_t KiB = 1024ULL;
static const size_t MiB = 1024ULL * 1024ULL;
static const size_t GiB = 1024ULL * 1024ULL * 1024ULL;

// DOMAIN.md §8: 460,800 B (one expert slab), 2,459,136 B, 3 MiB, 16, 64, 256 MiB, 1 GiB, 2 GiB.
static inline std::vector<size_t> default_sizes() {
    return {460800ULL, 2459136ULL, 3 * MiB, 16 * MiB, 64 * MiB, 256 * MiB, 1 * GiB, 2 * GiB};
}
static inline std::vector<size_t> quick_sizes() { return {460800ULL, 3 * MiB, 64 * MiB}; }

// Bytes moved per timed repeat: about 2 GiB, so that small sizes run long enough for
// event timing (many transfers) and large ones stay short. At least 5, at most 1000.
static const uint64_t TARGET_BYTES_PER_REPEAT = 2ULL * GiB;
static inline int iterations_for(size_t bytes, bool quick) {
    uint64_t target = quick ? 256ULL * MiB : TARGET_BYTES_PER_REPEAT;
    uint64_t it = (target + bytes / 2) / bytes;
    int lo = quick ? 2 : 5, hi = quick ? 200 : 1000;
    if (it < (uint64_t)lo) it = lo;
    if (it > (uint64_t)hi) it = hi;
    return (int)it;
}

// Batched modes (pinned memory only): the same bytes as `iters` transfers of `bytes`, issued together.
// The pieces cycle through K slots of `bytes` each, adjacent in host and in device memory, so that the
// copies have distinct addresses (as an engine's slabs do) in a bounded footprint: K * bytes stays
// within BATCH_SLOT_BYTES (at least one slot, at most `iters`).
static const uint64_t BATCH_SLOT_BYTES = 256ULL * MiB;
static inline int batch_slots(size_t bytes, int iters) {
    uint64_t k = BATCH_SLOT_BYTES / (bytes ? bytes : 1);
    if (k < 1) k = 1;
    if (k > (uint64_t)iters) k = (uint64_t)iters;
    return (int)k;
}

// "460800", "3M", "3MiB", "1G", "512K" (K/M/G are binary: KiB/MiB/GiB). Returns 0 on error.
static inline size_t parse_size(const char *s) {
    if (!s || !*s) return 0;
    errno = 0;
    char *end = nullptr;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s) return 0;
    std::string suf(end);
    for (auto &c : suf) c = (char)toupper((unsigned char)c);
    if (suf.empty() || suf == "B") return (size_t)v;
    if (suf == "K" || suf == "KIB") return (size_t)(v * KiB);
    if (suf == "M" || suf == "MIB") return (size_t)(v * MiB);
    if (suf == "G" || suf == "GIB") return (size_t)(v * GiB);
    return 0;
}

static inline bool parse_size_list(const char *s, std::vector<size_t> &out) {
    out.clear();
    std::string all(s ? s : "");
    size_t pos = 0;
    while (pos <= all.size()) {
        size_t comma = all.find(',', pos);
        if (comma == std::string::npos) comma = all.size();
        std::string tok = all.substr(pos, comma - pos);
        if (!tok.empty()) {
            size_t v = parse_size(tok.c_str());
            if (v == 0) return false;
            out.push_back(v);
        }
        pos = comma + 1;
    }
    return !out.empty();
}

static inline bool parse_int(const char *s, int lo, int hi, int &out) {
    if (!s || !*s) return false;
    errno = 0;
    char *end = nullptr;
    long v = strtol(s, &end, 10);
    if (errno || *end != '\0' || v < lo || v > hi) return false;
    out = (int)v;
    return true;
}

static inline double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return (n % 2) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// ---- JSON lines -------------------------------------------------------------
// One object per line on stdout (unbuffered: main() calls setvbuf first).

static inline std::string json_str(const char *s) {
    if (!s) return "null";
    std::string o = "\"";
    for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
        switch (*p) {
            case '"': o += "\\\""; break;
            case '\\': o += "\\\\"; break;
            case '\n': o += "\\n"; break;
            case '\r': o += "\\r"; break;
            case '\t': o += "\\t"; break;
            default:
                if (*p < 0x20) {
                    char b[8];
                    snprintf(b, sizeof b, "\\u%04x", *p);
                    o += b;
                } else {
                    o += (char)*p;
                }
        }
    }
    return o + "\"";
}
static inline std::string json_str(const std::string &s) { return json_str(s.c_str()); }

static inline std::string json_num(double v) {
    char b[64];
    if (v != v) return "null";  // NaN
    snprintf(b, sizeof b, "%.6g", v);
    return b;
}
static inline std::string json_fixed(double v, int digits) {
    char b[64];
    if (v != v) return "null";
    snprintf(b, sizeof b, "%.*f", digits, v);
    return b;
}
static inline std::string json_u64(uint64_t v) {
    char b[32];
    snprintf(b, sizeof b, "%llu", (unsigned long long)v);
    return b;
}
static inline std::string json_i(long long v) {
    char b[32];
    snprintf(b, sizeof b, "%lld", v);
    return b;
}

// Builds {"k":v,...} in insertion order.
struct Obj {
    std::string s = "{";
    bool first = true;
    Obj &raw(const char *k, const std::string &v) {
        if (!first) s += ",";
        first = false;
        s += json_str(k);
        s += ":";
        s += v;
        return *this;
    }
    Obj &str(const char *k, const std::string &v) { return raw(k, json_str(v)); }
    Obj &str(const char *k, const char *v) { return raw(k, json_str(v)); }
    Obj &i(const char *k, long long v) { return raw(k, json_i(v)); }
    Obj &u(const char *k, uint64_t v) { return raw(k, json_u64(v)); }
    Obj &d(const char *k, double v) { return raw(k, json_num(v)); }
    Obj &f(const char *k, double v, int digits) { return raw(k, json_fixed(v, digits)); }
    Obj &b(const char *k, bool v) { return raw(k, v ? "true" : "false"); }
    Obj &null(const char *k) { return raw(k, "null"); }
    std::string done() const { return s + "}"; }
    void emit() const { printf("%s}\n", s.c_str()); }
};

static inline std::string json_size_array(const std::vector<size_t> &v) {
    std::string o = "[";
    for (size_t i = 0; i < v.size(); ++i) o += (i ? "," : "") + json_u64(v[i]);
    return o + "]";
}

// ---- host facts --------------------------------------------------------------

// MemAvailable from /proc/meminfo in bytes, 0 if unknown. Note: on some VMs the
// guest's memory grows on use, so this can under-state what is really there.
static inline uint64_t host_mem_available() {
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f) return 0;
    char line[256];
    uint64_t kb = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "MemAvailable: %llu kB", (unsigned long long *)&kb) == 1) break;
    }
    fclose(f);
    return kb * 1024ULL;
}

// NUMA node of the page holding p (move_pages with nodes == NULL only queries),
// -1 if the kernel cannot say (no NUMA, seccomp, ...). Needs no libnuma.
static inline int numa_node_of(const void *p) {
#ifdef SYS_move_pages
    void *page = (void *)((uintptr_t)p & ~((uintptr_t)sysconf(_SC_PAGESIZE) - 1));
    int status = -1;
    long rc = syscall(SYS_move_pages, 0, 1UL, &page, (const int *)nullptr, &status, 0);
    if (rc != 0 || status < 0) return -1;
    return status;
#else
    (void)p;
    return -1;
#endif
}

static inline int current_cpu() { return sched_getcpu(); }

// Reads a one-line sysfs file; "" if missing.
static inline std::string read_line(const std::string &path) {
    FILE *f = fopen(path.c_str(), "r");
    if (!f) return "";
    char b[256] = {0};
    if (!fgets(b, sizeof b, f)) b[0] = 0;
    fclose(f);
    std::string s(b);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
    return s;
}

// "00000000:19:00.0" or "0000:19:00.0" (any case) -> "0000:19:00.0", the sysfs name.
static inline std::string sysfs_bdf(const char *bus_id) {
    std::string s(bus_id ? bus_id : "");
    for (auto &c : s) c = (char)tolower((unsigned char)c);
    size_t colon = s.find(':');
    if (colon != std::string::npos && colon > 4) s = s.substr(colon - 4);
    return s;
}

// The GPU's numa_node from sysfs (-1 = none/unknown, as the kernel writes it).
static inline int gpu_numa_node(const std::string &bdf) {
    std::string v = read_line("/sys/bus/pci/devices/" + bdf + "/numa_node");
    if (v.empty()) return -2;  // no sysfs entry at all
    return atoi(v.c_str());
}

// Fills n bytes with a non-constant pattern (never time or verify on zeros).
static inline void fill_pattern(void *p, size_t n, uint64_t seed) {
    uint64_t *w = (uint64_t *)p;
    size_t nw = n / 8;
    uint64_t x = seed | 1;
    for (size_t i = 0; i < nw; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        w[i] = x;
    }
    unsigned char *t = (unsigned char *)p;
    for (size_t i = nw * 8; i < n; ++i) t[i] = (unsigned char)(i * 131u + 7u);
}

// Index of the first byte that differs from fill_pattern(seed), or -1 if all match.
static inline long long check_pattern(const void *p, size_t n, uint64_t seed) {
    const uint64_t *w = (const uint64_t *)p;
    size_t nw = n / 8;
    uint64_t x = seed | 1;
    for (size_t i = 0; i < nw; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if (w[i] != x) return (long long)(i * 8);
    }
    const unsigned char *t = (const unsigned char *)p;
    for (size_t i = nw * 8; i < n; ++i)
        if (t[i] != (unsigned char)(i * 131u + 7u)) return (long long)i;
    return -1;
}

// Fills `slots` adjacent copies of the `bytes` pattern (each slot reads back like fill_pattern(seed)).
static inline void fill_slots(void *p, size_t bytes, int slots, uint64_t seed) {
    fill_pattern(p, bytes, seed);
    for (int k = 1; k < slots; ++k) memcpy((unsigned char *)p + (size_t)k * bytes, p, bytes);
}

// Exit codes shared by the probes (documented in README.md).
enum Exit { EXIT_OK = 0, EXIT_USAGE = 2, EXIT_NO_DEVICE = 3, EXIT_API = 4, EXIT_VERIFY = 5 };

// Prints the message to stderr, closes the JSON stream with {"kind":"end","ok":false,...}
// so that a reader of stdout alone still sees the failure, and exits.
[[noreturn]] static inline void fail(const char *tool, int code, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s: %s\n", tool, msg);
    Obj().str("kind", "end").b("ok", false).i("exitCode", code).str("error", msg).emit();
    fflush(stdout);
    exit(code);
}

// The options every probe takes. Each probe's Opts derives from this and adds its own.
struct CommonOpts {
    std::vector<int> gpus;
    std::vector<size_t> sizes;
    bool sizes_given = false;
    bool quick = false;
    int repeats = 7;
    bool repeats_given = false;
};

// Command-line reading shared by the probes: one Args walks argv; take_common() consumes
// --gpu, --sizes, --quick, --repeats, --version and --help, and value() gives a probe's own
// options their argument. Anything left is the probe's to handle (or to refuse with unknown()).
struct Args {
    const char *tool;      // "pcie_bw", used in messages and --version
    const char *runtime;   // "cuda" or "hip", printed by --version
    void (*usage)(FILE *);
    int argc;
    char **argv;
    int i = 0;

    bool next() { return ++i < argc; }
    std::string arg() const { return argv[i]; }

    const char *value(const char *what) {
        if (i + 1 >= argc) fail(tool, EXIT_USAGE, "%s needs %s", argv[i], what);
        return argv[++i];
    }

    bool take_common(CommonOpts &o) {
        std::string a = arg();
        if (a == "--gpu") {
            int g;
            const char *v = value("a device index");
            if (!parse_int(v, 0, 1023, g)) fail(tool, EXIT_USAGE, "bad --gpu value '%s'", v);
            o.gpus.push_back(g);
        } else if (a == "--sizes") {
            const char *v = value("a list");
            if (!parse_size_list(v, o.sizes)) fail(tool, EXIT_USAGE, "bad --sizes list '%s'", v);
            o.sizes_given = true;
        } else if (a == "--quick") {
            o.quick = true;
        } else if (a == "--repeats") {
            const char *v = value("a count");
            if (!parse_int(v, 1, 1000, o.repeats)) fail(tool, EXIT_USAGE, "bad --repeats '%s'", v);
            o.repeats_given = true;
        } else if (a == "--version") {
            printf("%s %s (%s)\n", tool, LANESCOPE_PROBE_VERSION, runtime);
            exit(0);
        } else if (a == "--help" || a == "-h") {
            usage(stdout);
            exit(0);
        } else {
            return false;
        }
        return true;
    }

    [[noreturn]] void unknown() {
        usage(stderr);
        fail(tool, EXIT_USAGE, "unknown argument '%s'", argv[i]);
    }
};

// ---- pcie_bw's modes (CUDA and HIP alike) ----------------------------------------
// Four one-by-one modes for both memory kinds; for pinned memory (unless --batch off) three ways of
// issuing the same bytes as N transfers of the size together (README.md, "What the host<->device probe does").
enum SweepMode { H2D_SYNC, H2D_ASYNC, D2H, SINGLE, H2D_BATCH, H2D_GRAPH, H2D_COALESCED, NMODES };
static const char *const MODE_NAME[NMODES] = {"h2d_sync",  "h2d_async", "d2h",          "single",
                                              "h2d_batch", "h2d_graph", "h2d_coalesced"};
static const int NPLAIN = 4;  // the one-by-one modes; the rest are batched (pinned only)

// Which modes run: the batched ones only for pinned memory, with --batch on, where the runtime has the
// call (haveBatchApi for h2d_batch), and not after the runtime refused one (reported in a skip line).
struct ModePlan {
    bool batch = true;
    bool haveBatchApi = false;
    bool refused[NMODES] = {false};

    bool runs(int m, bool pinned) const {
        if (m < NPLAIN) return true;
        if (!pinned || !batch || refused[m]) return false;
        return m != H2D_BATCH || haveBatchApi;
    }
    std::string json_list(bool pinned) const {  // the start line's "modes"
        std::string o = "[";
        for (int m = 0; m < NMODES; ++m)
            if (runs(m, pinned)) o += std::string(m ? "," : "") + json_str(MODE_NAME[m]);
        return o + "]";
    }
    int per_size(bool pinned, bool pageable) const {  // results per size, both memory kinds
        int n = 0;
        for (int m = 0; m < NMODES; ++m) n += (pinned && runs(m, true)) + (pageable && runs(m, false));
        return n;
    }
    // A batched mode's setup or first call failed: say so in a skip line and leave the mode out.
    void refuse(const char *tool, int m, int gpu, const std::string &bdf, size_t bytes, const char *what,
                const char *err, const char *errName) {
        char why[320];
        snprintf(why, sizeof why, "%s refused: %s (%s); this mode is left out", what, err, errName);
        Obj().str("kind", "skip").str("tool", tool).i("device", gpu).str("pciBusId", bdf).u("bytes", bytes)
            .str("mode", MODE_NAME[m]).str("reason", why).emit();
        refused[m] = true;
    }
};

// The pieces of one batched block: N transfers of `bytes` cycling through `slots` adjacent places in
// host and device memory (see batch_slots).
struct Pieces {
    int slots = 1;
    std::vector<void *> dsts;
    std::vector<const void *> srcs;
    std::vector<size_t> sizes;
    void layout(void *dev, const void *host, size_t bytes, int n, int nslots) {
        slots = nslots;
        for (int k = 0; k < n; ++k) {
            size_t off = (size_t)(k % nslots) * bytes;
            dsts.push_back((unsigned char *)dev + off);
            srcs.push_back((const unsigned char *)host + off);
            sizes.push_back(bytes);
        }
    }
};

// pcie_bw's options (CUDA and HIP alike): which host memory kinds to measure.
struct SweepOpts : CommonOpts {
    bool pinned = true, pageable = true;
    bool batch = true;  // the batched modes beside the one-by-one ones (--batch on|off)
};

// pcie_bw and pcie_bw_hip read the same command line; only the tool name, runtime and usage differ.
static inline SweepOpts parse_sweep_args(const char *tool, const char *runtime, void (*usage)(FILE *),
                                         int argc, char **argv) {
    SweepOpts o;
    Args args{tool, runtime, usage, argc, argv};
    while (args.next()) {
        if (args.take_common(o)) continue;
        if (args.arg() == "--memory") {
            std::string v = args.value("pinned|pageable|both");
            if (v == "pinned") o.pageable = false;
            else if (v == "pageable") o.pinned = false;
            else if (v != "both") fail(tool, EXIT_USAGE, "bad --memory '%s'", v.c_str());
        } else if (args.arg() == "--batch") {
            std::string v = args.value("on|off");
            if (v == "off") o.batch = false;
            else if (v != "on") fail(tool, EXIT_USAGE, "bad --batch '%s'", v.c_str());
        } else {
            args.unknown();
        }
    }
    if (o.gpus.empty()) o.gpus.push_back(0);
    if (!o.sizes_given) o.sizes = o.quick ? quick_sizes() : default_sizes();
    if (o.quick && !o.repeats_given) o.repeats = 3;
    return o;
}

}  // namespace probe

#endif
