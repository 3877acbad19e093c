/* SPDX-License-Identifier: MIT */
/* A stand-in for libnvidia-ml with NVML's signatures, for tst_gpuclocks. Every value comes from
 * an environment variable read at each call, so that a test can change it between samples:
 *   FAKE_NVML_FAIL=1          nvmlInit_v2 fails (NVML_ERROR_DRIVER_NOT_LOADED)
 *   FAKE_NVML_PCI_BUS_ID      bus id of device 0 (default "0000:19:00.0")
 *   FAKE_NVML_SM_MHZ, FAKE_NVML_MEM_MHZ, FAKE_NVML_MAX_SM_MHZ, FAKE_NVML_TEMP_C,
 *   FAKE_NVML_POWER_MW, FAKE_NVML_REASONS (0x.. allowed), FAKE_NVML_ENERGY_MJ (the total energy)
 * An unset or empty value answers NVML_ERROR_NOT_SUPPORTED, as a GPU without that sensor does.
 * Built with FAKE_NVML_OLD it is an older driver: no nvmlDeviceGetCurrentClocksEventReasons (only
 * the throttle-reasons name), no temperature, no power, no total energy. In the full build the
 * throttle-reasons name fails, so that a test sees which of the two is used. */

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NVML_SUCCESS 0
#define NVML_ERROR_UNINITIALIZED 1
#define NVML_ERROR_INVALID_ARGUMENT 2
#define NVML_ERROR_NOT_SUPPORTED 3
#define NVML_ERROR_NOT_FOUND 6
#define NVML_ERROR_DRIVER_NOT_LOADED 9

#define NVML_CLOCK_SM 1
#define NVML_CLOCK_MEM 2
#define NVML_TEMPERATURE_GPU 0

typedef int nvmlReturn_t;
typedef struct nvmlDevice_st {
    int index;
} * nvmlDevice_t;

static struct nvmlDevice_st g_device0 = {0};
static int g_initCount = 0;

/* Whether FAKE_NVML_<name> is set to a number; *out gets it. */
static int value(const char *name, unsigned long long *out)
{
    const char *s = getenv(name);
    char *end = NULL;
    if (!s || !*s)
        return 0;
    *out = strtoull(s, &end, 0);
    return *end == '\0';
}

static nvmlReturn_t readUInt(const char *name, unsigned int *out)
{
    unsigned long long v = 0;
    if (!out)
        return NVML_ERROR_INVALID_ARGUMENT;
    if (!value(name, &v))
        return NVML_ERROR_NOT_SUPPORTED;
    *out = (unsigned int)v;
    return NVML_SUCCESS;
}

static nvmlReturn_t checkDevice(nvmlDevice_t device)
{
    if (g_initCount <= 0)
        return NVML_ERROR_UNINITIALIZED;
    return device == &g_device0 ? NVML_SUCCESS : NVML_ERROR_INVALID_ARGUMENT;
}

nvmlReturn_t nvmlInit_v2(void)
{
    const char *fail = getenv("FAKE_NVML_FAIL");
    if (fail && strcmp(fail, "1") == 0)
        return NVML_ERROR_DRIVER_NOT_LOADED;
    ++g_initCount;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlShutdown(void)
{
    if (g_initCount <= 0)
        return NVML_ERROR_UNINITIALIZED;
    --g_initCount;
    return NVML_SUCCESS;
}

const char *nvmlErrorString(nvmlReturn_t result)
{
    switch (result) {
    case NVML_SUCCESS:
        return "Success";
    case NVML_ERROR_UNINITIALIZED:
        return "Uninitialized";
    case NVML_ERROR_INVALID_ARGUMENT:
        return "Invalid Argument";
    case NVML_ERROR_NOT_SUPPORTED:
        return "Not Supported";
    case NVML_ERROR_NOT_FOUND:
        return "Not Found";
    case NVML_ERROR_DRIVER_NOT_LOADED:
        return "Driver Not Loaded";
    default:
        return "Unknown Error";
    }
}

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device)
{
    if (g_initCount <= 0)
        return NVML_ERROR_UNINITIALIZED;
    /* One device, index 0. */
    if (!device || index != 0)
        return NVML_ERROR_INVALID_ARGUMENT;
    *device = &g_device0;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetHandleByPciBusId_v2(const char *pciBusId, nvmlDevice_t *device)
{
    const char *id = getenv("FAKE_NVML_PCI_BUS_ID");
    if (g_initCount <= 0)
        return NVML_ERROR_UNINITIALIZED;
    if (!pciBusId || !device)
        return NVML_ERROR_INVALID_ARGUMENT;
    if (strcasecmp(pciBusId, id && *id ? id : "0000:19:00.0") != 0)
        return NVML_ERROR_NOT_FOUND;
    *device = &g_device0;
    return NVML_SUCCESS;
}

static nvmlReturn_t readClock(nvmlDevice_t device, int type, unsigned int *mhz, int max)
{
    nvmlReturn_t r = checkDevice(device);
    if (r != NVML_SUCCESS)
        return r;
    if (type == NVML_CLOCK_SM)
        return readUInt(max ? "FAKE_NVML_MAX_SM_MHZ" : "FAKE_NVML_SM_MHZ", mhz);
    if (type == NVML_CLOCK_MEM && !max)
        return readUInt("FAKE_NVML_MEM_MHZ", mhz);
    return NVML_ERROR_NOT_SUPPORTED;
}

nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t device, int type, unsigned int *clockMHz)
{
    return readClock(device, type, clockMHz, 0);
}

nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t device, int type, unsigned int *clockMHz)
{
    return readClock(device, type, clockMHz, 1);
}

static nvmlReturn_t reasons(nvmlDevice_t device, unsigned long long *out)
{
    unsigned long long v = 0;
    nvmlReturn_t r = checkDevice(device);
    if (r != NVML_SUCCESS)
        return r;
    if (!out)
        return NVML_ERROR_INVALID_ARGUMENT;
    if (!value("FAKE_NVML_REASONS", &v))
        return NVML_ERROR_NOT_SUPPORTED;
    *out = v;
    return NVML_SUCCESS;
}

#ifdef FAKE_NVML_OLD

nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t device, unsigned long long *out)
{
    return reasons(device, out);
}

#else

nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, int sensor, unsigned int *temp)
{
    nvmlReturn_t r = checkDevice(device);
    if (r != NVML_SUCCESS)
        return r;
    return sensor == NVML_TEMPERATURE_GPU ? readUInt("FAKE_NVML_TEMP_C", temp) : NVML_ERROR_INVALID_ARGUMENT;
}

nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned int *milliwatts)
{
    nvmlReturn_t r = checkDevice(device);
    return r != NVML_SUCCESS ? r : readUInt("FAKE_NVML_POWER_MW", milliwatts);
}

nvmlReturn_t nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t device, unsigned long long *energy)
{
    nvmlReturn_t r = checkDevice(device);
    if (r != NVML_SUCCESS)
        return r;
    if (!energy)
        return NVML_ERROR_INVALID_ARGUMENT;
    return value("FAKE_NVML_ENERGY_MJ", energy) ? NVML_SUCCESS : NVML_ERROR_NOT_SUPPORTED;
}

nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t device, unsigned long long *out)
{
    return reasons(device, out);
}

nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t device, unsigned long long *out)
{
    (void)device;
    (void)out;
    return NVML_ERROR_NOT_SUPPORTED;
}

#endif
