// SPDX-License-Identifier: MIT
// CLBlast's SGEMM alone, the reference bench/opencl.sh holds SpeedupLab's tiled OpenCL gemm against:
// C = A*B on random n x n float matrices on one OpenCL device, through clblast::Gemm<float>.
// Not part of the app: the script compiles it with g++ (-lclblast -lOpenCL) into a temporary folder.
//   clblast_sgemm DEVICE N [MIN_SECONDS]
// DEVICE is counted over every platform's devices in the ICD loader's order, as opencl:N is.
// One untimed call first (CLBlast compiles its kernels at the first call: seconds), then calls,
// each waited for with clFinish, until MIN_SECONDS (default 0.5) have passed and at least 3 ran.
// Prints the device, then a line `gflops MEDIAN MIN MAX REPS` (2 n^3 / time of one call).
// A few entries of C are checked against a double-precision dot product on the host.
#include <CL/cl.h>
#include <clblast.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string &what, int code)
{
    std::fprintf(stderr, "clblast_sgemm: %s (error %d)\n", what.c_str(), code);
    std::exit(1);
}

void check(cl_int e, const char *what)
{
    if (e != CL_SUCCESS)
        fail(what, e);
}

std::string deviceString(cl_device_id d, cl_device_info what)
{
    size_t size = 0;
    if (clGetDeviceInfo(d, what, 0, nullptr, &size) != CL_SUCCESS || size == 0)
        return {};
    std::string s(size, '\0');
    clGetDeviceInfo(d, what, size, s.data(), nullptr);
    while (!s.empty() && s.back() == '\0')
        s.pop_back();
    return s;
}

// The index-th device over all platforms, in the loader's order (as SpeedupLab's opencl:N).
cl_device_id pickDevice(int index, int &count)
{
    cl_uint platforms = 0;
    const cl_int e = clGetPlatformIDs(0, nullptr, &platforms);
    if (e != CL_SUCCESS || platforms == 0)
        fail("no OpenCL platform", e);
    std::vector<cl_platform_id> ps(platforms);
    clGetPlatformIDs(platforms, ps.data(), nullptr);
    count = 0;
    for (cl_platform_id p : ps) {
        cl_uint n = 0;
        if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &n) != CL_SUCCESS || n == 0)
            continue;
        std::vector<cl_device_id> ds(n);
        clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n, ds.data(), nullptr);
        for (cl_device_id d : ds)
            if (count++ == index)
                return d;
    }
    return nullptr;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: clblast_sgemm DEVICE N [MIN_SECONDS]\n");
        return 2;
    }
    const int index = std::atoi(argv[1]);
    const long n = std::atol(argv[2]);
    const double minSeconds = argc > 3 ? std::atof(argv[3]) : 0.5;
    if (index < 0 || n <= 0) {
        std::fprintf(stderr, "clblast_sgemm: DEVICE is an index >= 0 and N a size > 0\n");
        return 2;
    }
    int count = 0;
    cl_device_id device = pickDevice(index, count);
    if (!device)
        fail("no OpenCL device opencl:" + std::to_string(index) + " (" + std::to_string(count) +
                 " device(s) found)",
             CL_DEVICE_NOT_FOUND);
    std::printf("device opencl:%d: %s\n", index, deviceString(device, CL_DEVICE_NAME).c_str());

    cl_int e = CL_SUCCESS;
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &e);
    check(e, "clCreateContext");
    cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, &e);
    check(e, "clCreateCommandQueueWithProperties");

    const size_t elements = size_t(n) * size_t(n);
    const size_t bytes = elements * sizeof(float);
    std::vector<float> a(elements), b(elements), c(elements, 0.0f);
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    for (float &x : a)
        x = dist(rng);
    for (float &x : b)
        x = dist(rng);
    cl_mem da = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, a.data(), &e);
    check(e, "clCreateBuffer A");
    cl_mem db = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, b.data(), &e);
    check(e, "clCreateBuffer B");
    cl_mem dc = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, c.data(), &e);
    check(e, "clCreateBuffer C");

    const auto gemm = [&] {
        const clblast::StatusCode s = clblast::Gemm<float>(
            clblast::Layout::kRowMajor, clblast::Transpose::kNo, clblast::Transpose::kNo, size_t(n),
            size_t(n), size_t(n), 1.0f, da, 0, size_t(n), db, 0, size_t(n), 0.0f, dc, 0, size_t(n), &queue);
        if (s != clblast::StatusCode::kSuccess)
            fail("clblast::Gemm<float> failed", int(s));
        check(clFinish(queue), "clFinish");
    };

    using Clock = std::chrono::steady_clock;
    const auto warm0 = Clock::now();
    gemm(); // untimed: CLBlast compiles (or loads from its cache) its kernels here
    const double warmSeconds = std::chrono::duration<double>(Clock::now() - warm0).count();

    std::vector<double> times;
    double total = 0;
    while (total < minSeconds || times.size() < 3) {
        const auto t0 = Clock::now();
        gemm();
        const double t = std::chrono::duration<double>(Clock::now() - t0).count();
        times.push_back(t);
        total += t;
    }

    // Check a few entries against the host (beta is 0: C = A*B whatever C held).
    check(clEnqueueReadBuffer(queue, dc, CL_TRUE, 0, bytes, c.data(), 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
    double worst = 0;
    std::uniform_int_distribution<long> pick(0, n - 1);
    for (int k = 0; k < 32; ++k) {
        const long i = pick(rng), j = pick(rng);
        double ref = 0;
        for (long l = 0; l < n; ++l)
            ref += double(a[size_t(i * n + l)]) * double(b[size_t(l * n + j)]);
        worst = std::max(worst, std::fabs(ref - double(c[size_t(i * n + j)])));
    }
    const double tolerance = 1e-4 * double(n);
    if (!(worst <= tolerance))
        fail("wrong result: |C - A*B| = " + std::to_string(worst) + " at a checked entry", 0);

    std::sort(times.begin(), times.end());
    const size_t m = times.size();
    const double median = m % 2 ? times[m / 2] : 0.5 * (times[m / 2 - 1] + times[m / 2]);
    const double flop = 2.0 * double(n) * double(n) * double(n);
    std::printf("first call (untimed) %.3f s; %zu timed calls, %.3f s in all; max |error| %.2g\n",
                warmSeconds, m, total, worst);
    std::printf("gflops %.4f %.4f %.4f %zu\n", flop / median / 1e9, flop / times.back() / 1e9,
                flop / times.front() / 1e9, m);

    clReleaseMemObject(da);
    clReleaseMemObject(db);
    clReleaseMemObject(dc);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    return 0;
}
