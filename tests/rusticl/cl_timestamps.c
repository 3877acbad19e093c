// SPDX-License-Identifier: MIT
// A probe of an OpenCL driver's event timestamps, apart from SpeedupLab: every platform the ICD
// loader shows (name, version, device count and clGetDeviceIDs' code), then on the first device
// (or platform P, device D) an add of n floats enqueued on a profiling queue, k times per size,
// each event's QUEUED, SUBMIT, START and END as the driver gives them, beside the host's clock
// around clFinish. Made to see rusticl's placeholder timestamps (tests/rusticl/README.md).
//   gcc -O2 -o cl_timestamps tests/rusticl/cl_timestamps.c -lOpenCL
//   ./cl_timestamps [P D]
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(call)                                                                                          \
    do {                                                                                                     \
        cl_int e_ = (call);                                                                                  \
        if (e_ != CL_SUCCESS) {                                                                              \
            fprintf(stderr, "%s:%d: %s = %d\n", __FILE__, __LINE__, #call, (int)e_);                         \
            exit(1);                                                                                         \
        }                                                                                                    \
    } while (0)

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static const char *source =
    "__kernel void add(__global const float* a, __global const float* b, __global float* c, uint n) {\n"
    "  uint i = get_global_id(0);\n"
    "  if (i < n) c[i] = a[i] + b[i];\n"
    "}\n";

int main(int argc, char **argv)
{
    cl_uint np = 0;
    cl_int e = clGetPlatformIDs(0, NULL, &np);
    printf("clGetPlatformIDs: %d, %u platforms\n", (int)e, np);
    if (e != CL_SUCCESS || np == 0)
        return 2;
    cl_platform_id *ps = calloc(np, sizeof *ps);
    CHECK(clGetPlatformIDs(np, ps, NULL));
    for (cl_uint p = 0; p < np; ++p) {
        char name[256] = "", version[256] = "", vendor[256] = "";
        clGetPlatformInfo(ps[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        clGetPlatformInfo(ps[p], CL_PLATFORM_VERSION, sizeof version, version, NULL);
        clGetPlatformInfo(ps[p], CL_PLATFORM_VENDOR, sizeof vendor, vendor, NULL);
        cl_uint nd = 0;
        cl_int de = clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd);
        printf("platform %u: name \"%s\", vendor \"%s\", version \"%s\": clGetDeviceIDs %d, %u devices\n", p,
               name, vendor, version, (int)de, de == CL_SUCCESS ? nd : 0);
    }
    cl_uint pi = argc > 2 ? (cl_uint)atoi(argv[1]) : 0, di = argc > 2 ? (cl_uint)atoi(argv[2]) : 0;
    if (pi >= np)
        return 2;
    cl_uint nd = 0;
    if (clGetDeviceIDs(ps[pi], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) != CL_SUCCESS || di >= nd) {
        printf("no device %u on platform %u\n", di, pi);
        return 3;
    }
    cl_device_id *ds = calloc(nd, sizeof *ds);
    CHECK(clGetDeviceIDs(ps[pi], CL_DEVICE_TYPE_ALL, nd, ds, NULL));
    cl_device_id d = ds[di];
    char dname[256] = "";
    size_t res = 0;
    cl_device_type type = 0;
    CHECK(clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof dname, dname, NULL));
    CHECK(clGetDeviceInfo(d, CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof res, &res, NULL));
    CHECK(clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, NULL));
    printf("device: \"%s\", type 0x%llx, CL_DEVICE_PROFILING_TIMER_RESOLUTION %zu ns\n", dname,
           (unsigned long long)type, res);
    cl_ulong dev_t = 0, host_t = 0;
    e = clGetDeviceAndHostTimer(d, &dev_t, &host_t);
    printf("clGetDeviceAndHostTimer: %d (device %llu ns, host %llu ns)\n", (int)e, (unsigned long long)dev_t,
           (unsigned long long)host_t);

    cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    CHECK(e);
    cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, props, &e);
    CHECK(e);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &e);
    CHECK(e);
    double t0 = now_s();
    e = clBuildProgram(prog, 1, &d, "", NULL, NULL);
    if (e != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build: %d\n%s\n", (int)e, log);
        return 1;
    }
    printf("build: %.3f s\n", now_s() - t0);
    cl_kernel k = clCreateKernel(prog, "add", &e);
    CHECK(e);
    size_t kwg = 0;
    CHECK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL));
    printf("CL_KERNEL_WORK_GROUP_SIZE(add): %zu\n", kwg);

    const cl_uint sizes[] = {64, 1024, 1u << 20, 1u << 24};
    printf("%9s %4s %14s %14s %14s %14s %12s %12s %12s\n", "n", "rep", "QUEUED", "SUBMIT", "START", "END",
           "END-START", "host_ns", "GB/s(ev)");
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        cl_uint n = sizes[s];
        size_t bytes = (size_t)n * sizeof(float);
        float *h = malloc(bytes);
        for (cl_uint i = 0; i < n; ++i)
            h[i] = (float)i;
        cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, h, &e);
        CHECK(e);
        cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, h, &e);
        CHECK(e);
        cl_mem c = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &e);
        CHECK(e);
        CHECK(clSetKernelArg(k, 0, sizeof a, &a));
        CHECK(clSetKernelArg(k, 1, sizeof b, &b));
        CHECK(clSetKernelArg(k, 2, sizeof c, &c));
        CHECK(clSetKernelArg(k, 3, sizeof n, &n));
        size_t local = 64, global = ((size_t)n + local - 1) / local * local;
        for (int rep = 0; rep < 4; ++rep) {
            cl_event ev;
            double h0 = now_s();
            CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &ev));
            CHECK(clFinish(q));
            double host_ns = (now_s() - h0) * 1e9;
            cl_ulong t[4] = {0, 0, 0, 0};
            const cl_profiling_info what[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                               CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
            for (int i = 0; i < 4; ++i)
                CHECK(clGetEventProfilingInfo(ev, what[i], sizeof t[i], &t[i], NULL));
            long long span = (long long)(t[3] - t[2]);
            printf("%9u %4d %14llu %14llu %14llu %14llu %12lld %12.0f %12.6g\n", n, rep,
                   (unsigned long long)t[0], (unsigned long long)t[1], (unsigned long long)t[2],
                   (unsigned long long)t[3], span, host_ns,
                   span > 0 ? 3.0 * (double)bytes / (double)span : 0.0);
            clReleaseEvent(ev);
        }
        float check = 0;
        CHECK(clEnqueueReadBuffer(q, c, CL_TRUE, bytes - sizeof(float), sizeof check, &check, 0, NULL, NULL));
        printf("%9u c[n-1] = %g (want %g)\n", n, check, 2.0 * (n - 1));
        // Other commands' events: a write, a read, a copy and a marker after them.
        cl_event ev[4];
        const char *what[4] = {"write", "read", "copy", "marker"};
        double h0 = now_s();
        CHECK(clEnqueueWriteBuffer(q, a, CL_FALSE, 0, bytes, h, 0, NULL, &ev[0]));
        CHECK(clEnqueueReadBuffer(q, c, CL_FALSE, 0, bytes, h, 0, NULL, &ev[1]));
        CHECK(clEnqueueCopyBuffer(q, a, b, 0, 0, bytes, 0, NULL, &ev[2]));
        CHECK(clEnqueueMarkerWithWaitList(q, 0, NULL, &ev[3]));
        CHECK(clFinish(q));
        double host_ns = (now_s() - h0) * 1e9;
        for (int j = 0; j < 4; ++j) {
            cl_ulong t[4] = {0, 0, 0, 0};
            const cl_profiling_info info[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                               CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
            for (int i = 0; i < 4; ++i)
                CHECK(clGetEventProfilingInfo(ev[j], info[i], sizeof t[i], &t[i], NULL));
            printf("%9u %6s %12llu %14llu %14llu %14llu %12lld %12.0f (all four)\n", n, what[j],
                   (unsigned long long)t[0], (unsigned long long)t[1], (unsigned long long)t[2],
                   (unsigned long long)t[3], (long long)(t[3] - t[2]), host_ns);
            clReleaseEvent(ev[j]);
        }
        clReleaseMemObject(a);
        clReleaseMemObject(b);
        clReleaseMemObject(c);
        free(h);
    }
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return 0;
}
