#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs every Debian package SpeedupLab needs to build, test and run. Idempotent:
# when everything is already present it changes nothing and makes no network call.
#   scripts/setup.sh [--tests] [--with-torch]
# --tests also lays out Mesa's rusticl OpenCL driver (llvmpipe, on the CPU) beside the system, not
# in it: the mesa-opencl-icd .deb unpacked into $SPEEDUPLAB_RUSTICL_DIR (default
# /var/cache/speeduplab/rusticl) with an env.sh to source. /etc/OpenCL/vendors keeps PoCL only.
# And it installs the validators of tests/scripts/test_validators.sh from the npm registry, pinned,
# into $SPEEDUPLAB_NPM_DIR (default /var/cache/speeduplab/npm), not globally.
set -euo pipefail

rusticl=0
tests=0
# The npm tools of --tests, exact versions: a new release changes what the validators report, so
# a new one is taken on purpose (edit here; the next run installs them anew). vnu-jar is the Nu HTML
# checker (vnu.jar, run with Debian's Java); ajv-cli with ajv and ajv-formats checks the JSON
# Schemas (draft 2020-12, strict) and the files the CLI writes against them.
npm_tools=(vnu-jar@26.9.27 ajv-cli@5.0.0 ajv@8.20.0 ajv-formats@3.0.1)
packages=(
  build-essential cmake ninja-build pkg-config git
  libomp-dev libopenblas-dev
  libhwloc-dev hwloc-nox  # the CPU topology and thread placement (core/topology); lstopo-no-graphics for tests/data
  nlohmann-json3-dev libcli11-dev
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools libqt6opengl6-dev libgl-dev libxkbcommon-dev
  qt6-translations-l10n  # Qt's own strings (dialog buttons) in the window's language
  xvfb xauth fonts-dejavu-core
  fonts-noto-cjk  # the Chinese translation's glyphs (without a CJK font they draw as boxes)
  python3 python3-numpy python3-jsonschema  # jsonschema: tests/scripts/test_schema.py
  clang-format help2man  # help2man: the man pages (packaging/CMakeLists.txt), skipped without it
  clang  # libFuzzer for scripts/fuzz.sh only; the build itself uses g++
  ocl-icd-opencl-dev opencl-headers clinfo  # the OpenCL backend: the ICD loader, its headers
  libclblast1  # CLBlast, the OpenCL gemm variant 'clblast' (opened at run time)
  clpeak libclblast-dev  # bench/opencl.sh: clpeak's figures, and CLBlast called alone
  libvulkan-dev glslc  # the Vulkan backend: the loader and headers, and the shader compiler (SPIR-V at build time)
)
# The OpenCL driver of a GPU this machine has: an Intel GPU shows under /dev/dri with Intel's
# vendor id (its user also needs the 'render' group to open it).
for vendor in /sys/class/drm/renderD*/device/vendor; do
  [ "$(cat "$vendor" 2>/dev/null)" = 0x8086 ] && packages+=(intel-opencl-icd) && break
done
for arg in "$@"; do
  case $arg in
    # --tests (scripts/test.sh): PoCL, OpenCL on the CPU, on which the OpenCL tests run anywhere,
    # and headless Chromium with poppler's pdftoppm, in which tests/browser opens the HTML reports
    # (a user who only runs the app gets no browser).
    # The rusticl driver (tests/scripts/test_rusticl.sh) is unpacked, not installed (below); these
    # are what its libRusticlOpenCL.so links and reads (ldd, and mesa-opencl-icd's Depends): libclc's
    # SPIR-V built-ins, the SPIR-V translator, LLVM and clang 15, libdrm, lm-sensors, expat, libelf.
    --tests) packages+=(pocl-opencl-icd chromium poppler-utils python3-pandas mandoc  # pandas: test_schema.py; mandoc: test_man_pages
                        slurmctld slurmd slurm-client jube  # test_slurm: a one-node cluster; test_jube
                        lintian  # test_package: the .deb linted before it is installed
                        python3-pyatspi at-spi2-core dbus-daemon  # test_atspi: the window read through AT-SPI
                        mesa-vulkan-drivers vulkan-validationlayers  # tst_vulkanbackend: lavapipe, under the validation layer
                        libclc-15 libllvmspirvlib15 libllvm15 libclang-cpp15 libclang-common-15-dev
                        libdrm2 libdrm-amdgpu1 libdrm-nouveau2 libdrm-radeon1 libsensors5 libexpat1
                        libelf1 libzstd1 zlib1g
                        default-jre-headless tidy nodejs)  # test_validators: vnu.jar's Java, tidy, ajv's node
             # npm installs the validators (below). NodeSource's nodejs carries its own npm and
             # conflicts with Debian's npm package: Debian's only where no npm is there.
             command -v npm >/dev/null 2>&1 || packages+=(npm)
             rusticl=1 tests=1 ;;
    # --with-torch: Debian's CPU-only PyTorch too, for bench/compare.sh --ref torch on this machine
    # (about 1 GB; the GPU machine brings its own CUDA PyTorch).
    --with-torch) packages+=(python3-torch) ;;
    *) echo "setup.sh: unknown option $arg (use --tests or --with-torch)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
updated=0
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  updated=1
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# --tests: rusticl in $dir, from the mesa-opencl-icd .deb, only when $dir/VERSION (written last)
# is not there yet, so a second run makes no network call. The .deb is of the installed Mesa's
# version when the archive still has it, else the archive's: its libRusticlOpenCL.so carries its
# gallium drivers inside and links no other Mesa library, so it runs beside any Mesa 22.3.
#   $dir/root/         the .deb unpacked (dpkg-deb -x): nothing goes to /usr or /etc/OpenCL/vendors
#   $dir/vendors/      rusticl.icd alone, naming the unpacked library by its full path
#   $dir/vendors-mesa/ rusticl.icd and mesa.icd (Clover), as the installed package would lay them
#   $dir/env.sh        OCL_ICD_VENDORS=$dir/vendors, RUSTICL_ENABLE=swrast (llvmpipe)
# Remove $dir to lay it anew (after a Mesa upgrade, say).
if [ "$rusticl" = 1 ]; then
  dir=$(realpath -m -- "${SPEEDUPLAB_RUSTICL_DIR:-/var/cache/speeduplab/rusticl}")
  if [ ! -s "$dir/VERSION" ]; then
    # A half-laid $dir (no VERSION, say after a cut download) is laid anew; a folder that is
    # neither empty nor one of these is left alone.
    if [ -e "$dir" ] && [ ! -d "$dir/root" ] && [ -n "$(ls -A -- "$dir" 2>/dev/null)" ]; then
      echo "setup: $dir is in the way (not a rusticl folder): move it, or set SPEEDUPLAB_RUSTICL_DIR" >&2
      exit 1
    fi
    parent=$(dirname "$dir")
    $SUDO mkdir -p "$parent"
    tmp=$($SUDO mktemp -d "$parent/.rusticl.XXXXXX")
    if [ -z "$tmp" ] || [ ! -d "$tmp" ]; then echo "setup: cannot make a folder in $parent" >&2; exit 1; fi
    $SUDO chmod 755 "$tmp"
    trap '$SUDO rm -rf -- "$tmp"' EXIT
    # apt-get download as root drops to the user _apt, which must be able to write there.
    if id _apt >/dev/null 2>&1; then $SUDO chown _apt "$tmp"; fi
    want=$(dpkg-query -W -f='${Version}' libgl1-mesa-dri 2>/dev/null || true)
    download() {
      (cd "$tmp" && { { [ -n "$want" ] && $SUDO apt-get download -qq "mesa-opencl-icd=$want" 2>/dev/null; } ||
                      $SUDO apt-get download -qq mesa-opencl-icd; })
    }
    if ! download; then
      [ "$updated" = 1 ] || $SUDO apt-get update -qq
      download || { echo "setup: could not download mesa-opencl-icd (rusticl)" >&2; exit 1; }
    fi
    $SUDO chown root "$tmp" 2>/dev/null || true
    deb=$(find "$tmp" -maxdepth 1 -name 'mesa-opencl-icd_*.deb' | head -n 1)
    version=$(dpkg-deb -f "$deb" Version)
    [ "$version" = "$want" ] || echo "setup: mesa-opencl-icd $version for rusticl (the installed Mesa is ${want:-absent})"
    $SUDO dpkg-deb -x "$deb" "$tmp/root"
    $SUDO rm -f -- "$deb"
    lib=$(find "$tmp/root/usr/lib" -name libRusticlOpenCL.so.1 | head -n 1)
    clover=$(find "$tmp/root/usr/lib" -name libMesaOpenCL.so.1 | head -n 1)
    pipes=$(find "$tmp/root/usr/lib" -type d -name gallium-pipe | head -n 1)
    [ -n "$lib" ] || { echo "setup: no libRusticlOpenCL.so.1 in mesa-opencl-icd $version" >&2; exit 1; }
    final() { echo "$dir/${1#"$tmp"/}"; } # where a path in $tmp will be once $tmp is $dir
    $SUDO mkdir -p "$tmp/vendors" "$tmp/vendors-mesa"
    final "$lib" | $SUDO tee "$tmp/vendors/rusticl.icd" "$tmp/vendors-mesa/rusticl.icd" >/dev/null
    [ -z "$clover" ] || final "$clover" | $SUDO tee "$tmp/vendors-mesa/mesa.icd" >/dev/null
    {
      echo "# Mesa's rusticl on llvmpipe (the CPU), unpacked by scripts/setup.sh --tests: source this file."
      printf 'export OCL_ICD_VENDORS=%q\n' "$dir/vendors"
      echo "export RUSTICL_ENABLE=swrast"
      echo "# Clover (vendors-mesa/mesa.icd) looks for its pipe drivers here, not in /usr/lib."
      [ -z "$pipes" ] || printf 'export GALLIUM_PIPE_SEARCH_DIR=%q\n' "$(final "$pipes")"
    } | $SUDO tee "$tmp/env.sh" >/dev/null
    echo "$version" | $SUDO tee "$tmp/VERSION" >/dev/null
    [ ! -e "$dir" ] || $SUDO rm -rf -- "$dir"
    $SUDO mv -- "$tmp" "$dir"
    trap - EXIT
    echo "setup: rusticl (mesa-opencl-icd $version) in $dir: source $dir/env.sh"
  fi
fi

# --tests: the npm tools above in $npm_dir, only when $npm_dir/VERSIONS (written last) is missing
# or names other versions than npm_tools, so a second run makes no network call. They go beside
# the system (npm install --prefix: nothing in /usr, no global npm state), into a temporary folder
# moved into place whole, so that a cut download leaves no half folder that looks complete.
#   $npm_dir/node_modules/vnu-jar/build/dist/vnu.jar, $npm_dir/node_modules/.bin/ajv
# --ignore-scripts: the one install script among them, vnu-jar's, downloads a Java runtime from
# outside the registry when it finds none; the tests run vnu.jar with Debian's (installed above).
if [ "$tests" = 1 ]; then
  npm_dir=$(realpath -m -- "${SPEEDUPLAB_NPM_DIR:-/var/cache/speeduplab/npm}")
  if [ "$(cat "$npm_dir/VERSIONS" 2>/dev/null)" != "${npm_tools[*]}" ]; then
    if [ -e "$npm_dir" ] && [ ! -d "$npm_dir/node_modules" ] && [ -n "$(ls -A -- "$npm_dir" 2>/dev/null)" ]; then
      echo "setup: $npm_dir is in the way (not an npm folder of setup.sh): move it, or set SPEEDUPLAB_NPM_DIR" >&2
      exit 1
    fi
    parent=$(dirname "$npm_dir")
    $SUDO mkdir -p "$parent"
    npm_tmp=$($SUDO mktemp -d "$parent/.npm.XXXXXX")
    if [ -z "$npm_tmp" ] || [ ! -d "$npm_tmp" ]; then echo "setup: cannot make a folder in $parent" >&2; exit 1; fi
    $SUDO chmod 755 "$npm_tmp"
    trap '$SUDO rm -rf -- "$npm_tmp"' EXIT
    $SUDO npm install --prefix "$npm_tmp" --no-audit --no-fund --no-update-notifier --ignore-scripts \
      --save-exact --loglevel=error "${npm_tools[@]}" ||
      { echo "setup: npm install ${npm_tools[*]} failed" >&2; exit 1; }
    if [ ! -f "$npm_tmp/node_modules/vnu-jar/build/dist/vnu.jar" ] || [ ! -x "$npm_tmp/node_modules/.bin/ajv" ]; then
      echo "setup: npm installed no vnu.jar or ajv into $npm_tmp" >&2; exit 1
    fi
    echo "${npm_tools[*]}" | $SUDO tee "$npm_tmp/VERSIONS" >/dev/null
    [ ! -e "$npm_dir" ] || $SUDO rm -rf -- "$npm_dir"
    $SUDO mv -- "$npm_tmp" "$npm_dir"
    trap - EXIT
    echo "setup: ${npm_tools[*]} in $npm_dir"
  fi
fi
