# SPDX-License-Identifier: MIT
# Simplified Chinese (zh_CN) for SpeedupLab's window: source text -> translation. Read by
# scripts/translations.py, which writes them into resources/translations/speeduplab_zh_CN.ts.
#
# Rules (tests/scripts/test_translations.py checks the mechanical ones):
# - Every %1 %2 ... (and %n) of the source stays, in any order; so do line breaks (\n) and HTML tags.
# - Accelerators go after the text in parentheses with the source's letter: "&File" -> "文件(&F)",
#   "&Open results…" -> "打开结果(&O)…".
# - GPU, CPU, CUDA, n, SI units (s, B/s, FLOP/s, GiB), file formats and patterns (CSV, *.json),
#   program and library names (OpenMP, cuBLAS, PyTorch) stay as they are. File-dialog filters keep
#   ASCII parentheses: Qt reads the patterns out of them.
# - Full-width punctuation in sentences (，：；。（）“”), no spaces between sentences (a source that
#   starts with a space to follow another sentence starts without one here).
# - Nouns that Format::count() puts after a number carry their measure word: "point" -> "个点"
#   (so "5 points" reads "5 个点").
# - Terms: sweep 扫描, run (noun) 运行, workload 工作负载, variant 变体, ceiling (性能)上限,
#   calibrate 校准, crossover 交叉点, throughput 吞吐量, speedup 加速比, roofline Roofline / roofs
#   屋顶线, ridge 脊点, repetition 重复, iteration 迭代, median 中位数/中位时间, interquartile range
#   四分位距, outlier 离群值, pageable 可分页, pinned 锁页, host 主机, device 设备, workspace 工作区,
#   overlay 叠加, reference run 参考运行, band 色带, tensor edge 张量边长.
#
# A source that needs different words in different places goes in BY_CONTEXT, keyed by
# (context, source); ZH serves every other context.

ZH = {
    # Menus, actions, toolbar (MainActions)
    "&File": "文件(&F)",
    "&Sweep": "扫描(&S)",
    "&Presets": "预设(&P)",
    "&View": "视图(&V)",
    "&Help": "帮助(&H)",
    "&Language": "语言(&L)",
    "&System language": "跟随系统(&S)",
    "Show SpeedupLab in this language from the next start": "下次启动时以此语言显示 SpeedupLab",
    "Applies at the next start": "下次启动时生效",
    "The language applies at the next start of SpeedupLab.": "语言设置将在 SpeedupLab 下次启动时生效。",
    "&Run sweep": "运行扫描(&R)",
    "Run the sweep set up in the sweep panel": "运行在扫描面板中设置的扫描",
    "&Cancel": "取消(&C)",
    "Stop the sweep or the calibration; what was measured so far is kept": "停止扫描或校准；已测得的结果会保留",
    "Ca&librate machine": "校准本机(&L)",
    "Measure this machine's ceilings (memory bandwidth, GEMM FLOP/s, GPU copies and launches) to compare every point with":
        "测量本机的性能上限（内存带宽、GEMM FLOP/s、GPU 拷贝与启动），用于与每个点进行比较",
    "Calibrate": "校准",
    "&Open results…": "打开结果(&O)…",
    "Add the runs of CSV or JSON result files, from this machine or others, to those shown (several files at once; dropping files on the window does the same)":
        "将 CSV 或 JSON 结果文件（来自本机或其他机器）中的运行添加到当前显示的运行中（可一次选择多个文件；把文件拖放到窗口上效果相同）",
    "O&verlay reference run…": "叠加参考运行(&V)…",
    "Draw a PyTorch or NumPy run (bench/compare_torch.py, compare_numpy.py) dashed over our curves on the time chart":
        "在时间图表上以虚线把 PyTorch 或 NumPy 的运行（bench/compare_torch.py、compare_numpy.py）叠加在我们的曲线上",
    "&Remove reference runs": "移除参考运行(&R)",
    "Remove the reference runs (PyTorch, NumPy) from the runs shown": "从显示的运行中移除参考运行（PyTorch、NumPy）",
    "&Save data…": "保存数据(&S)…",
    "Save the results as CSV or JSON": "将结果保存为 CSV 或 JSON",
    "Open &workspace…": "打开工作区(&W)…",
    "Replace the runs shown with those of a workspace file (labels and visibility included)":
        "用工作区文件中的运行替换当前显示的运行（包括标签和可见性）",
    "Save wor&kspace…": "保存工作区(&K)…",
    "Save every run, with its label and visibility, in one file to open later":
        "将所有运行连同标签和可见性保存到一个文件中，以便日后打开",
    "&Export chart…": "导出图表(&E)…",
    "Export the chart shown as PNG or SVG": "将当前图表导出为 PNG 或 SVG",
    "&Copy chart": "复制图表(&C)",
    "Copy the chart shown to the clipboard": "将当前图表复制到剪贴板",
    "&Quit": "退出(&Q)",
    "Quit SpeedupLab": "退出 SpeedupLab",
    "&Presentation": "演示模式(&P)",
    "Full screen, the chart only, fonts and lines zoomed for a projector": "全屏，仅显示图表，并为投影仪放大字体和线条",
    "Zoom &in": "放大(&I)",
    "Larger fonts and lines on every chart, and in exports": "所有图表及导出文件中的字体和线条变大",
    "Zoom &out": "缩小(&O)",
    "Smaller fonts and lines on every chart": "所有图表中的字体和线条变小",
    "&Normal size": "正常大小(&N)",
    "Fonts and lines at their normal size": "字体和线条恢复正常大小",
    "Main": "主工具栏",
    "&About SpeedupLab": "关于 SpeedupLab(&A)",
    "About SpeedupLab": "关于 SpeedupLab",
    "<b>SpeedupLab %1</b><p>When is the GPU faster than the CPU, and why?</p><p>Sweeps tensor sizes and thread counts, times real workloads on the CPU and on CUDA GPUs, and marks where the curves cross.</p>":
        "<b>SpeedupLab %1</b><p>GPU 什么时候比 CPU 快？为什么？</p><p>遍历张量尺寸和线程数，在 CPU 和 CUDA GPU 上为真实工作负载计时，并标出曲线的交叉点。</p>",

    # File dialogs (filters keep ASCII parentheses)
    "Open results": "打开结果",
    "Results (*.csv *.json);;CSV (*.csv);;JSON (*.json);;All files (*)":
        "结果文件 (*.csv *.json);;CSV (*.csv);;JSON (*.json);;所有文件 (*)",
    "Open workspace": "打开工作区",
    "Workspaces and runs files (*.json);;All files (*)": "工作区和运行文件 (*.json);;所有文件 (*)",
    "Save workspace": "保存工作区",
    "Workspace (*.json)": "工作区 (*.json)",
    "Overlay reference run": "叠加参考运行",
    "CSV (*.csv)": "CSV (*.csv)",
    "JSON (*.json)": "JSON (*.json)",
    "Save data": "保存数据",
    "PNG image (*.png)": "PNG 图像 (*.png)",
    "SVG image (*.svg)": "SVG 图像 (*.svg)",
    "Export chart": "导出图表",

    # Ceiling names and calibration (Format)
    "CPU triad": "CPU triad 带宽",
    "CPU L1": "CPU L1",
    "CPU L2": "CPU L2",
    "CPU L3": "CPU L3",
    "CPU FMA peak": "CPU FMA 峰值",
    "CPU GEMM": "CPU GEMM",
    "CPU parallel region": "CPU 并行区域开销",
    "GPU copy": "GPU 拷贝",
    "GPU L2": "GPU L2",
    "GPU FMA peak": "GPU FMA 峰值",
    "GPU H2D pageable": "GPU H2D（可分页）",
    "GPU H2D pinned": "GPU H2D（锁页）",
    "GPU D2H pageable": "GPU D2H（可分页）",
    "GPU D2H pinned": "GPU D2H（锁页）",
    "GPU launch": "GPU 内核启动",
    "GPU sync round trip": "GPU 同步往返",
    "GPU cuBLAS": "GPU cuBLAS",
    "GPU cuBLAS TF32": "GPU cuBLAS TF32",
    "GPU H2D + D2H pinned": "GPU H2D + D2H（锁页）",
    "GPU H2D + D2H pageable": "GPU H2D + D2H（可分页）",
    "%1, 1 thread": "%1，1 个线程",
    "%1, %2 threads": "%1，%2 个线程",
    "Calibrating the CPU with 1 thread": "正在以 1 个线程校准 CPU",
    "Calibrating the CPU with %1 threads": "正在以 %1 个线程校准 CPU",
    ": parallel-region cost, FMA peak and the bandwidth of each cache level and DRAM per thread count, GEMM FLOP/s…":
        "：并行区域开销、FMA 峰值、各线程数下每级缓存和 DRAM 的带宽、GEMM FLOP/s…",
    "Calibrating GPU %1: copy and transfer bandwidth, launch latency, L2 bandwidth, FMA peak, cuBLAS GEMM FLOP/s…":
        "正在校准 GPU %1：拷贝与传输带宽、启动延迟、L2 带宽、FMA 峰值、cuBLAS GEMM FLOP/s…",
    "The GPU was not calibrated: %1": "未校准 GPU：%1",
    "GPU %1 could not be calibrated: %2 The CPU ceilings are kept.": "无法校准 GPU %1：%2 CPU 的性能上限已保留。",
    "GPU %1's cuBLAS ceilings were not measured: %2 Its other ceilings are kept.":
        "未测得 GPU %1 的 cuBLAS 性能上限：%2 它的其他性能上限已保留。",

    # Banners
    "Hide this note": "隐藏此提示",
    "CPU timings may vary: %1.": "CPU 计时可能波动：%1。",
    "No usable GPU: %1 CPU sweeps and opening recorded results (also GPU runs recorded elsewhere) work fully.":
        "没有可用的 GPU：%1 CPU 扫描以及打开已记录的结果（包括在其他机器上记录的 GPU 运行）均可正常使用。",
    "Other programs are using %1 of %2 (%3 %): a sweep run now will time slower and noisier than this machine can do. Recordings you open are not affected.":
        "其他程序正在占用 %2中的 %1 个（%3 %）：此时运行的扫描，计时会比本机的实际能力更慢、噪声更大。打开的录制结果不受影响。",

    # Nouns after a count (Format::count): with their measure word
    "line": "行",
    "lines": "行",
    "point": "个点",
    "points": "个点",
    "core": "个核心",
    "cores": "个核心",
    "measurement": "次测量",
    "measurements": "次测量",
    "run": "次运行",
    "runs": "次运行",
    "size": "个尺寸",
    "sizes": "个尺寸",
    # "Sweep cancelled: 5 points measured before the stop are kept."
    "is": "已",
    "are": "均已",

    # Chart tabs and charts (common)
    "Sizes shown": "显示的尺寸",
    "Which n the thread-scaling chart shows": "线程扩展性图表显示哪些 n",
    "The results hold several workloads: choose the one to plot": "结果包含多个工作负载：请选择要绘制的一个",
    "n = %1": "n = %1",
    "n (tensor edge; n × n fp32 elements)": "n（张量边长；n × n 个 fp32 元素）",
    "No results yet.\nRun a sweep (Ctrl+R) or open a results file (Ctrl+O).":
        "还没有结果。\n请运行扫描（Ctrl+R）或打开结果文件（Ctrl+O）。",
    "No point has a time to plot: they failed or were skipped.": "没有可绘制时间的点：它们都失败了或被跳过。",
    "GPU": "GPU",
    "CPU": "CPU",
    "%1 vs %2": "%1 对比 %2",
    "%1 %2": "%1 %2",
    "%1 %": "%1 %",

    # ChartView
    "Could not write %1: %2. Choose another folder or file name.": "无法写入 %1：%2。请选择其他文件夹或文件名。",
    "… and %1 more of notes: the chart is too small to show them.": "……另有 %1注释：图表太小，无法全部显示。",
    "%1. Choose another folder or file name.": "%1。请选择其他文件夹或文件名。",
    "its best CPU": "其最佳 CPU",
    "best CPU": "最佳 CPU",
    "%1: best CPU": "%1：最佳 CPU",
    "%1 hardware threads": "%1 个硬件线程",
    "no GPU": "无 GPU",
    "newest: %1": "最新：%1",
    "%1 runs": "%1 次运行",
    "SpeedupLab · %1": "SpeedupLab · %1",
    "%1 curves: the legend is hidden (more than %2); the table names each point's series.":
        "%1 条曲线：图例已隐藏（超过 %2 条）；表格中列出了每个点所属的系列。",
    "time per iteration %1 (middle half %2 – %3)": "每次迭代耗时 %1（中间一半 %2 – %3）",
    "CV %1 % over %2 repetitions": "CV %1 %，共 %2 次重复",
    "cost model (fixed cost + work / rate): %1": "开销模型（固定开销 + 工作量 / 速率）：%1",
    "The image size %1 x %2 is not possible: choose 16 to 16384 pixels per side.":
        "图像尺寸 %1 x %2 不可用：每边请选择 16 到 16384 像素。",
    "the PNG encoder failed": "PNG 编码器出错",
    "SpeedupLab chart": "SpeedupLab 图表",
    "the SVG generator could not start": "SVG 生成器无法启动",

    # CompareChart
    "time of run B / time of run A": "运行 B 的时间 / 运行 A 的时间",
    "run B's time over run A's": "运行 B 与运行 A 的时间比",
    "Comparing needs two runs.\nOpen recorded runs (Ctrl+O, several at once) or run a sweep after opening one.":
        "比较需要两次运行。\n请打开已记录的运行（Ctrl+O，可一次打开多个），或在打开一个之后再运行一次扫描。",
    "Choose run A and run B in the Runs panel:\nthis chart shows B's time over A's at every size both measured.":
        "请在“运行列表”面板中选择运行 A 和运行 B：\n此图表显示两者都测量过的每个尺寸上 B 与 A 的时间比。",
    "%1 and %2 share no point of %3:\nno series was measured at the same n in both.":
        "%1 和 %2 在 %3 上没有共同的点：\n没有任何系列在两者中以相同的 n 测量过。",
    "B slower ↑": "B 更慢 ↑",
    "B faster ↓": "B 更快 ↓",
    "B = %1 against A = %2: B faster at %3, slower at %4, the same within noise at %5. The band is what the noise of both runs can explain (95 % on the medians, at least %6 %).":
        "B = %1 对比 A = %2：B 在 %3上更快，在 %4上更慢，在 %5上的差异在噪声范围内。色带表示两次运行的噪声所能解释的范围（中位数的 95 %，至少 %6 %）。",
    "At %1 of %2 points both runs kept their repetitions: there a rank test on them (Mann-Whitney U, 5 %) decides, with the same %3 % floor.":
        "在 %2 个点中，有 %1 个点两次运行都保留了各次重复的数据：这些点由秩检验（Mann-Whitney U，5 %）判定，下限同为 %3 %。",
    "Compare runs": "比较运行",

    # DeviceModel, ExportDialog
    "Property": "属性",
    "Value": "值",
    "Slide, Full HD (1920 × 1080)": "幻灯片，全高清（1920 × 1080）",
    "Slide, HD (1280 × 720)": "幻灯片，高清（1280 × 720）",
    "Slide, 4K (3840 × 2160)": "幻灯片，4K（3840 × 2160）",
    "Document (1600 × 1000)": "文档（1600 × 1000）",
    "As on screen (%1 × %2)": "与屏幕相同（%1 × %2）",
    "Custom": "自定义",
    " px": " px",
    "Size:": "尺寸：",
    "Width:": "宽度：",
    "Height:": "高度：",

    # MainWindow
    "Ready. Set up a sweep on the left and press Run (Ctrl+R), or open a results file (Ctrl+O). New here? F1 opens a guided tour.":
        "就绪。请在左侧设置扫描并点击“运行”（Ctrl+R），或打开一个结果文件（Ctrl+O）。初次使用？按 F1 打开导览。",
    "Sweep": "扫描",
    "Results": "结果",
    "Runs": "运行列表",
    "Devices": "设备",
    "This machine": "本机",
    "The sweep cannot run": "无法运行扫描",
    "Cancelling the calibration: it stops at its next repetition…": "正在取消校准：将在下一次重复时停止…",
    "Cancelling: the point being measured stops at its next repetition…": "正在取消：正在测量的点将在下一次重复时停止…",
    "Calibrating": "正在校准",
    "Calibrating…": "正在校准…",
    "Unsaved results": "未保存的结果",
    "Calibration cancelled: no ceiling was measured.": "校准已取消：未测得任何性能上限。",
    "Calibration cancelled: the ceilings measured before the stop are kept (%1).": "校准已取消：停止前测得的性能上限已保留（%1）。",
    "Calibrated: %1.": "校准完成：%1。",
    "The results shown were recorded on another machine and keep its ceilings; the next sweep carries these.":
        "当前显示的结果是在另一台机器上记录的，仍保留该机器的性能上限；下一次扫描会带上本次校准的上限。",
    "Calibration failed": "校准失败",
    "Measuring": "正在测量",
    "Starting…": "正在启动…",
    "Measuring %1": "正在测量 %1",
    "Sweep cancelled: %1 measured before the stop %2 kept.": "扫描已取消：停止前测得的 %1%2保留。",
    "Sweep finished: %1 measured.": "扫描完成：共测得 %1。",
    " %1 failed (see the table).": "其中 %1 个点失败（见表格）。",
    " %1 skipped (see the table).": "其中 %1 个点被跳过（见表格）。",
    " The sweep took %1; every curve spanned the whole range of sizes after %2.": "扫描共耗时 %1；%2 后每条曲线都已覆盖全部尺寸范围。",
    " The sweep took %1.": "扫描共耗时 %1。",
    "The sweep failed": "扫描失败",
    "Preset “%1”: %2": "预设“%1”：%2",
    "Preset": "预设",
    "Exported the chart to %1.": "已将图表导出到 %1。",
    "Exported the chart to %1 (%2 × %3 pixels).": "已将图表导出到 %1（%2 × %3 像素）。",
    "Copied the chart to the clipboard (%1 × %2 pixels).": "已将图表复制到剪贴板（%1 × %2 像素）。",
    "Charts at %1 %": "图表缩放 %1 %",
    "A sweep is running; %1 so far. Save them before closing? Closing stops the sweep.":
        "扫描正在进行，目前已有 %1。关闭前要保存吗？关闭会停止扫描。",
    "The results (%1) are not saved. Save them before closing?": "结果（%1）尚未保存。关闭前要保存吗？",
    "Close SpeedupLab": "关闭 SpeedupLab",
    "Could not open “%1”: %2 %3": "无法打开“%1”：%2 %3",
    "A calibration is running. Cancel it (Esc) before opening a file.": "校准正在进行。请先取消（Esc）再打开文件。",
    "A sweep is running. Cancel it (Esc) before opening a file.": "扫描正在进行。请先取消（Esc）再打开文件。",
    "Add reference run": "添加参考运行",
    "No file was added: the charts still show the previous results.": "未添加任何文件：图表仍显示之前的结果。",
    "“%1” has no successful measurement to draw.": "“%1”中没有可绘制的成功测量。",
    "Recorded on the machine below (from %1)": "记录于下列机器（来自 %1）",
    "%1 files": "%1 个文件",
    "Opened %1: %2.": "已打开 %1：%2。",
    "Added %1 from %2: %3 (%4 shown).": "已从 %2 添加 %1：%3（共显示 %4）。",
    "The runs shown stay as they are.": "当前显示的运行保持不变。",
    "Opened the workspace %1: %2.": "已打开工作区 %1：%2。",
    "There are no runs to save yet. Run a sweep or open a file first.": "还没有可保存的运行。请先运行一次扫描或打开一个文件。",
    "Could not save the workspace: %1 Nothing was written; choose another file or folder.":
        "无法保存工作区：%1 未写入任何内容；请选择其他文件或文件夹。",
    "Saved the workspace (%1) to %2.": "已将工作区（%1）保存到 %2。",
    "There are no results to save yet. Run a sweep or open a file first.": "还没有可保存的结果。请先运行一次扫描或打开一个文件。",
    "A CSV file holds one run, and %1 are shown. Save as .json to keep them all (each with its label), or hide all runs but one.":
        "一个 CSV 文件只能保存一次运行，而当前显示了 %1。请另存为 .json 以保留全部运行（各自带有标签），或只保留一次运行可见。",
    "Could not save the results: %1 Nothing was written; choose another file or folder.":
        "无法保存结果：%1 未写入任何内容；请选择其他文件或文件夹。",
    "Saved %1 of %2 runs to %3.": "已将 %2 次运行的 %1保存到 %3。",
    "Saved %1 to %2.": "已将 %1保存到 %2。",

    # ResultModel (the table)
    "noisy": "噪声大",
    "The timings vary (CV %1 %, above %2 %): the median is less certain. A longer minimum time per point, or a quieter machine, helps.":
        "计时波动较大（CV %1 %，高于 %2 %）：中位数不够可靠。延长每个点的最短测量时间，或换一台更空闲的机器，会有帮助。",
    "%1 of %2 repetitions lie outside Tukey's fences (1.5 IQR beyond the quartiles): kept in the statistics, the median resists them.":
        "%2 次重复中有 %1 次落在 Tukey 围栏之外（超出四分位数 1.5 IQR）：它们仍计入统计，但中位数不受其影响。",
    "Median of %1 repetitions of %2 iterations; per iteration": "%1 次重复（每次 %2 次迭代）的中位数；按每次迭代计",
    "Interquartile range %1 – %2; %3": "四分位距 %1 – %2；%3",
    "1 Tukey outlier": "1 个 Tukey 离群值",
    "%1 Tukey outliers": "%1 个 Tukey 离群值",
    "No quartiles: the file was saved without them": "没有四分位数：文件保存时未包含它们",
    "%1 %2 ⚠": "%1 %2 ⚠",
    "yes": "是",
    "no": "否",
    "No ceilings measured: Sweep ▸ Calibrate machine measures them": "尚未测量性能上限：可用“扫描 ▸ 校准本机”进行测量",
    "No measured ceiling applies to this point": "没有适用于此点的已测性能上限",
    " (working set %1: %2)": "（工作集 %1：%2）",
    "Ceiling: %1, %2%3": "上限：%1，%2%3",
    "%1 of the %2 ceiling, %3%4": "达到 %2 上限的 %1，%3%4",
    "Status": "状态",
    "Run": "运行",
    "Series": "系列",
    "n": "n",
    "Time / iteration": "时间 / 迭代",
    "Min": "最小",
    "Max": "最大",
    "CV %": "CV %",
    "Reps": "重复次数",
    "Bytes/s": "字节/s",
    "FLOP/s": "FLOP/s",
    "% of ceiling": "占上限 %",
    "Verified": "已验证",
    "Workload": "工作负载",
    "Reason": "原因",
    "Median time of one iteration (one operation on the n x n tensor)": "一次迭代的中位时间（对 n x n 张量的一次操作）",
    "Coefficient of variation of the repetitions; above %1 % the row is marked noisy":
        "各次重复的变异系数；超过 %1 % 时该行标记为“噪声大”",
    "The point's throughput as a share of the machine's measured ceiling for the level its data live in: the cache level or DRAM its working set fits in, GPU L2 or HBM, registers for fused GPU kernels, the FMA peak for gemm (Sweep ▸ Calibrate machine)":
        "该点的吞吐量占本机在其数据所在层级上实测上限的比例：工作集能放入的缓存级别或 DRAM、GPU L2 或 HBM、融合 GPU 内核的寄存器，gemm 则为 FMA 峰值（扫描 ▸ 校准本机）",
    "Whether the output matched the CPU reference": "输出是否与 CPU 参考结果一致",

    # RooflineChart
    "attained performance (%1)": "实际性能（%1）",
    "arithmetic intensity (FLOP/byte)": "算术强度（FLOP/字节）",
    "roofline (attained FLOP/s vs FLOP per byte)": "Roofline（实际 FLOP/s 与每字节 FLOP）",
    "%1 ridge %2 FLOP/B": "%1 脊点 %2 FLOP/B",
    "ridge %1": "脊点 %1",
    "The %1 workload moves bytes but does no arithmetic (no FLOPs): it is not on the roofline. Choose add, saxpy, reduce or gemm to place points under the roofs.":
        "%1 工作负载只搬运字节而不做算术运算（没有 FLOP）：它不在 Roofline 上。请选择 add、saxpy、reduce 或 gemm，以便将点画在屋顶线下方。",
    "Higher is better. Each point: FLOPs of one iteration / its median time, at its FLOPs per byte moved (one intensity at every n for streaming kernels; gemm's grows with n).":
        "越高越好。每个点：一次迭代的 FLOP 数 / 其中位时间，横坐标为每搬运一个字节的 FLOP 数（流式内核在所有 n 上强度相同；gemm 的强度随 n 增长）。",
    "Fused GPU points can stand above the memory roofs: their data stay in registers across iterations, so the bytes counted per operation never cross the memory bus.":
        "融合 GPU 内核的点可能高于内存屋顶线：它们的数据在各次迭代之间一直留在寄存器中，因此每次操作计入的字节从未经过内存总线。",
    "Roofs: the machine's measured ceilings (calibrate); solid: main memory up to the compute peak, dashed: faster caches.":
        "屋顶线：本机实测的性能上限（校准）；实线：主存直至计算峰值，虚线：更快的缓存。",
    "Run Sweep ▸ Calibrate machine to draw the machine's roofs.": "运行“扫描 ▸ 校准本机”以绘制本机的屋顶线。",
    "Roofline": "Roofline",

    # RunProgress
    "Measuring %1 (%2 of %3)": "正在测量 %1（第 %2 个，共 %3 个）",
    " · this point %1 so far": " · 此点已用时 %1",
    " · the sweep: about %1 left": " · 整个扫描约剩 %1",
    " · the sweep is finishing": " · 扫描即将完成",

    # RunsPanel
    "Being measured now.": "正在测量中。",
    "A reference run of another tool (%1), drawn dashed.": "其他工具（%1）的参考运行，以虚线绘制。",
    "From %1": "来自 %1",
    "Measured %1": "测量于 %1",
    "Each run: tick to show it, double-click (F2) to rename it": "每次运行：勾选以显示，双击（F2）以重命名",
    "Remove": "移除",
    "Remove the selected run from the window (its file stays as it is)": "从窗口中移除所选运行（其文件保持不变）",
    "Run A: its CPU curves against run B's GPU on the time chart, and the base of the ratio on the Compare tab":
        "运行 A：在时间图表上用它的 CPU 曲线与运行 B 的 GPU 对比，并作为“比较运行”标签页中比值的基准",
    "Run B: its GPU curves against run A's CPU on the time chart, and its time over A's on the Compare tab":
        "运行 B：在时间图表上用它的 GPU 曲线与运行 A 的 CPU 对比，并在“比较运行”标签页中显示它与 A 的时间比",
    "CPU of run A:": "运行 A 的 CPU：",
    "GPU of run B:": "运行 B 的 GPU：",
    "The time chart marks where A's best CPU and B's GPU cross; the Compare tab shows B's time over A's.":
        "时间图表标出 A 的最佳 CPU 与 B 的 GPU 的交叉点；“比较运行”标签页显示 B 与 A 的时间比。",
    "(none)": "（无）",

    # ScalingChart
    "CPU threads": "CPU 线程数",
    "speedup over 1 thread": "相对单线程的加速比",
    "thread scaling": "线程扩展性",
    "Thread scaling needs one size measured with at least two CPU thread counts.\nCheck more thread counts in the sweep panel.":
        "线程扩展性需要某个尺寸在至少两种 CPU 线程数下测量过。\n请在扫描面板中勾选更多线程数。",
    "ideal (linear)": "理想（线性）",
    "Amdahl fit, n = %1: serial %2 %": "Amdahl 拟合，n = %1：串行 %2 %",
    "n = %1: serial fraction %2 % (at most %3× with any number of threads)": "n = %1：串行比例 %2 %（无论多少线程，至多 %3×）",
    "n = %1: no serial part measurable": "n = %1：未测出串行部分",
    "Thread scaling of %1 (run A, when chosen, else the first run that scales).":
        "%1 的线程扩展性（若已选择运行 A 则取运行 A，否则取第一个可计算扩展性的运行）。",
    "Thread scaling": "线程扩展性",

    # SpeedupChart
    "speedup of the GPU (CPU time / GPU time)": "GPU 加速比（CPU 时间 / GPU 时间）",
    "GPU speedup over the best CPU": "GPU 相对最佳 CPU 的加速比",
    "The speedup needs CPU and GPU results at the same n.\n%1": "计算加速比需要相同 n 下的 CPU 和 GPU 结果。\n%1",
    "These results have no GPU curve: open a recorded GPU run (Ctrl+O).": "这些结果中没有 GPU 曲线：请打开一个已记录的 GPU 运行（Ctrl+O）。",
    "No run shown has both: choose a run A (CPU) and a run B (GPU) in the Runs panel.":
        "当前显示的运行都不同时包含两者：请在“运行列表”面板中选择运行 A（CPU）和运行 B（GPU）。",
    "These results have no CPU curve.": "这些结果中没有 CPU 曲线。",
    "The CPU and GPU curves share no n: their speedup cannot be computed.": "CPU 和 GPU 曲线没有共同的 n：无法计算加速比。",
    "GPU wins ↑ (speedup > 1)": "GPU 更快 ↑（加速比 > 1）",
    "GPU wins ↑": "GPU 更快 ↑",
    "CPU wins ↓ (speedup < 1)": "CPU 更快 ↓（加速比 < 1）",
    "CPU wins ↓": "CPU 更快 ↓",
    "Dashed lines mark the first %1 of the %2 crossovers; the curves show every one (above 1: the GPU is faster).":
        "虚线标出 %2 个交叉点中的前 %1 个；曲线显示了全部交叉点（高于 1：GPU 更快）。",
    "Speedup": "加速比",

    # SweepPanel, SweepWorker, SweepForm
    "One kernel launch per iteration, as the seed's Python loop does.": "每次迭代启动一次内核，与原始 Python 示例（seed）的循环做法相同。",
    "The same launches, captured once into a CUDA graph and replayed.": "同样的启动，一次性捕获到 CUDA graph 中再重放。",
    "All iterations in one kernel, where the workload allows it.": "在工作负载允许时，把所有迭代放进一个内核。",
    "n is at most %1; %2 was set to %1.": "n 最大为 %1；%2 已设为 %1。",
    "n is at least %1; %2 was set to %1.": "n 最小为 %1；%2 已设为 %1。",
    "%1 GiB": "%1 GiB",
    "Run the sweep (Ctrl+R)": "运行扫描（Ctrl+R）",
    "Cancel": "取消",
    "Stop the sweep and keep the points measured so far (Esc)": "停止扫描并保留已测得的点（Esc）",
    "The CPU implementation; the default is the fastest this build has.": "CPU 实现；默认使用本构建中最快的实现。",
    "The GPU implementation.": "GPU 实现。",
    "&Workload:": "工作负载(&W)：",
    "CPU variant:": "CPU 变体：",
    "GPU variant:": "GPU 变体：",
    "Tensor sizes (n × n)": "张量尺寸（n × n）",
    "Log-spaced &range": "对数间隔范围(&R)",
    "&List": "列表(&L)",
    "The smallest n (1 to %1)": "最小的 n（1 到 %1）",
    "The largest n (1 to %1)": "最大的 n（1 到 %1）",
    "Sizes per factor of ten in n (1 to 100)": "n 每增大十倍取多少个尺寸（1 到 100）",
    "min n:": "最小 n：",
    "max n:": "最大 n：",
    "steps per decade:": "每十倍步数：",
    "e.g. 4,40,400,4000": "例如 4,40,400,4000",
    "Tensor edges n, separated by commas": "张量边长 n，以逗号分隔",
    "Measure the CPU (OpenMP) with the checked thread counts": "用勾选的线程数测量 CPU（OpenMP）",
    "Thread counts to measure (1 to %1, this machine's hardware threads)": "要测量的线程数（1 到 %1，即本机的硬件线程数）",
    "Powers of two": "2 的幂",
    "All": "全部",
    "1 only": "仅 1",
    "Device:": "设备：",
    "Modes:": "模式：",
    "Time host ↔ device copies": "计入主机 ↔ 设备拷贝时间",
    "Put the copies of the inputs to the GPU and of the output back into the timed region, as a program that keeps its data on the host pays them.":
        "把输入拷贝到 GPU、输出拷贝回主机的时间计入计时区间，就像数据保存在主机上的程序实际要付出的那样。",
    "pageable": "可分页",
    "pinned": "锁页",
    "Host memory for the copies: pageable (malloc) or pinned (cudaMallocHost)": "拷贝所用的主机内存：可分页（malloc）或锁页（cudaMallocHost）",
    "Host memory:": "主机内存：",
    "No usable GPU: %1": "没有可用的 GPU：%1",
    "Timing": "计时",
    "Operations per timed repetition (0: the workload's default)": "每次计时重复中的操作次数（0：使用工作负载的默认值）",
    " s": " s",
    "Repeat each point until this much time was measured (and at least 3 times)": "每个点重复测量，直到累计测量时间达到该值（且至少 3 次）",
    "Repetitions per point, at most": "每个点最多重复的次数",
    "no limit": "不限",
    "Seconds for the whole sweep; the points left when it runs out are skipped": "整个扫描的时间预算（秒）；用完后剩余的点将被跳过",
    "Iterations:": "迭代次数：",
    "Min time per point:": "每点最短时间：",
    "Max repetitions:": "最多重复次数：",
    "Time budget:": "时间预算：",
    "default (%1)": "默认（%1）",
    "fastest available": "最快的可用实现",
    "%1 more sizes, up to n = %2, will not fit either and will be skipped.": "另有 %1 个尺寸（直到 n = %2）同样放不下，将被跳过。",
    "n = %1 will not fit: needs %2, %3 available (%4); it will be skipped.": "n = %1 放不下：需要 %2，可用 %3（%4）；将被跳过。",
    "n = %1 will not fit on %2: needs a buffer of %3, and the device allows %4 in one buffer; it will be skipped.": "n = %1 在 %2 上放不下：需要一个 %3 的缓冲区，而该设备单个缓冲区最多 %4；将跳过。",
    "memory of %1": "%1 的内存",
    "%1 is slow for this sweep: one repetition of %2 at n = %3 takes at least %4 there (at its calibrated %5 of %6), and the point at least twice that. Drop the largest sizes, or choose a faster variant.": "%1 对这次扫描来说太慢：在它上面 n = %3 的 %2 一次重复至少要 %4（按其校准的%5 %6），整个点至少是它的两倍。请去掉最大的尺寸，或选一个更快的实现。",
    "%1 (%2)": "%1（%2）",
    "GPU model: %1 + %2": "GPU 模型：%1 + %2",
    "%1 \u2192 %2": "%1 \u2192 %2",
    " But %1 of the %2 thread counts measured here are marked noisy or disturbed: too noisy to tell what limits the scaling. Measure again on a quiet machine.": "但这里测得的 %2 个线程数中有 %1 个被标为噪声大或受干扰：噪声太大，无法判断是什么限制了扩展。请在空闲的机器上重新测量。",
    " The model lies within \u00b1%1 % of every thread count's point.": "该模型与每个线程数的测量点相差都在 \u00b1%1 % 以内。",
    " No thread model fits these points within \u00b1%1 % (the best-fitting one misses a point by %2 %): noise, where the threads ran, or the data moving to another memory level as the thread count changes can do that.": "没有哪个线程模型能在 \u00b1%1 % 以内拟合这些点（拟合最好的也有一个点偏差 %2 %）：噪声、线程运行的位置，或数据随线程数变化而移到另一级存储，都可能造成这种情况。",
    " It grows with the team: about %1 for 2 threads, %2 for %3.": "它随线程组变大而增长：2 个线程约 %1，%3约 %2。",
    "fork/join %1\u2013%2 > work, n = %3": "fork/join %1\u2013%2 > 工作，n = %3",
    "%1 with %2 threads (all threads: %3)": "%2 个线程时 %1（所有线程：%3）",
    "… and %1 more of notes: hover over the note to read them all.": "……另有 %1注释：将鼠标停在注释上可读全部。",
    "The legend lists %1 of its %2 entries, for want of room: hover a curve for its name; the table names every point's series.":
        "图例空间不足，只列出 %2 项中的 %1 项：将鼠标停在曲线上可看其名称；表格列出每个点所属的序列。",
    "this machine": "本机",
    "A = %1, B = %2: dash-dotted, where B's GPU overtakes A's best CPU.": "A = %1，B = %2：点划线标出 B 的 GPU 超过 A 的最佳 CPU 之处。",
    "ok": "正常",
    "failed": "失败",
    "skipped": "已跳过",
    "cancelled": "已取消",
    "fastest here: %1, %2 per iteration": "此处最快：%1，每次迭代 %2",
    "&Keyboard shortcuts": "键盘快捷键(&K)",
    "Keyboard shortcuts": "键盘快捷键",
    "Undo remove": "撤销移除",
    "Put back the runs just removed, where they were": "把刚移除的运行放回原处",
    "Close all": "全部关闭",
    "Remove every run but the one being measured: a new lesson (Undo remove puts them back)": "移除除正在测量的运行外的所有运行：开始新的一课（“撤销移除”可放回）",
    "%1: B \u00f7 A": "%1：B \u00f7 A",
    "%1 memory, spec sheet": "%1 显存（规格表）",
    " Dashed red: the GPU's memory bandwidth from its spec sheet (in the file), not measured; a launch or graph rate above it was served from the GPU's L2 cache.": "红色虚线：文件中 GPU 规格表上的显存带宽，非实测；高于它的 launch 或 graph 速率来自 GPU 的 L2 缓存。",
    " Its GPU half is left out here (%1); File \u25b8 Open example shows it measured on an NVIDIA H200.": " 这里不运行它的 GPU 部分（%1）；文件 \u25b8 打开示例中有它在 NVIDIA H200 上的实测。",
    "no usable GPU": "没有可用的 GPU",
    "Open a second run to set A and B, one run's CPU against another's GPU (File \u25b8 Open example has GPU runs).":
        "再打开一次运行，即可设置 A 和 B：一次运行的 CPU 对另一次的 GPU（文件 \u25b8 打开示例中有 GPU 运行）。",
    "%1 in %2 (there the fixed cost hides its rate: this is the next level's)": "%2 中 %1（在那里固定开销掩盖了它自己的速率：这是下一层级的速率）",
    "spec sheet %1": "规格表 %1",
    "no crossover (%1): the CPU and the GPU are within each other's noise at every size": "无交叉点（%1）：在每个规模上 CPU 与 GPU 的差别都在各自的噪声之内",
    "no crossover (%1): the GPU is faster at %2 of the %3 sizes, the CPU at %4, and at %5 they are within each other's noise": "无交叉点（%1）：在 %3 个规模中 GPU 在 %2 个更快，CPU 在 %4 个更快，其余 %5 个两者差别在噪声之内",
    "GPU memory": "GPU 显存",
    "host memory": "主机内存",
    "%1: %2": "%1：%2",
    "Check at least one thread count, or switch the CPU off.": "请至少勾选一个线程数，或关闭 CPU。",
    "%1 of %2 hardware threads": "%2 个硬件线程中的 %1 个",
    "%1: %2 (compute %3)": "%1：%2（计算能力 %3）",
    "Rounds:": "轮数：",
    "Run the whole sweep this many times, each round in a shuffled order, and merge each point's rounds: a slow drift (heat, another job) then shows as spread between rounds, not as a trend in n":
        "将整个扫描运行这么多轮，每轮按随机打乱的顺序进行，再合并每个点各轮的结果：这样，缓慢的漂移（发热、其他任务）会表现为轮次之间的离散，而不是随 n 变化的趋势",
    "Cold cache": "冷缓存",
    "Flush the GPU's L2 and the CPU's last-level cache before every repetition (outside the timed region), so that every size reads its data from memory. Off: a repetition finds what the last one left in the caches, as a loop in a program would":
        "每次重复前（在计时区间之外）清空 GPU 的 L2 和 CPU 的末级缓存，使每个尺寸都从内存读取数据。关闭时：每次重复都会用到上一次留在缓存中的数据，就像程序中的循环那样",
    "The sweep could not start: %1": "扫描无法开始：%1",
    "The calibration failed: %1": "校准失败：%1",
    "the minimum n (%1) is above the maximum n (%2)": "最小 n（%1）大于最大 n（%2）",
    "no sizes were given: type them as a list, e.g. 4,40,400": "没有给出尺寸：请以列表形式输入，例如 4,40,400",
    'unknown workload "%1"': "未知的工作负载“%1”",
    "no CPU thread count is checked: check at least one, or switch the CPU off": "没有勾选任何 CPU 线程数：请至少勾选一个，或关闭 CPU",
    "no GPU mode is checked: check at least one, or switch the GPU off": "没有勾选任何 GPU 模式：请至少勾选一个，或关闭 GPU",
    "neither the CPU nor the GPU is switched on": "CPU 和 GPU 均未开启",

    # ThroughputChart
    "throughput (%1)": "吞吐量（%1）",
    "throughput (%1, tensor traffic)": "吞吐量（%1，张量数据流量）",
    "compute throughput vs n": "计算吞吐量随 n 的变化",
    "memory throughput vs n": "内存吞吐量随 n 的变化",
    "Higher is better. FLOPs of one iteration / its median time.": "越高越好。一次迭代的 FLOP 数 / 其中位时间。",
    "Higher is better. Bytes one iteration reads and writes / its median time.": "越高越好。一次迭代读写的字节数 / 其中位时间。",
    " Dashed: the machine's measured ceilings (calibrate).": "虚线：本机实测的性能上限（校准）。",
    "Throughput": "吞吐量",

    # TimeChart
    "GPU faster above n ≈ %1": "n ≈ %1 以上 GPU 更快",
    "CPU faster again above n ≈ %1": "n ≈ %1 以上 CPU 再次更快",
    "%1 crossovers: %2; … and %3 more, up to n ≈ %4 (the table has both times at every n)":
        "%1 个交叉点：%2；……另有 %3 个，直到 n ≈ %4（表格列出了每个 n 下的两种时间）",
    "time per iteration (%1)": "每次迭代耗时（%1）",
    "%1 faster above n ≈ %2": "n ≈ %2 以上 %1 更快",
    "n ≈ %1": "n ≈ %1",
    "CPU again, n ≈ %1": "CPU 再次领先，n ≈ %1",
    "n = %1–%2": "n = %1–%2",
    "%1 %2×": "%1 %2×",
    "Dashed: %1, a reference run (none of our curves measures the same thing at the same sizes).":
        "虚线：%1，参考运行（我们没有在相同尺寸上测量同一内容的曲线）。",
    "Dashed: %1, a reference run. Our time ÷ theirs (geometric mean): %2.": "虚线：%1，参考运行。我们的时间 ÷ 对方的时间（几何平均）：%2。",
    ", ": "，",
    "Band: interquartile range": "色带：四分位距",
    "Band: min–max": "色带：最小值–最大值",
    "time per iteration vs n": "每次迭代耗时随 n 的变化",
    "The only point has no time to plot:\nit failed or was skipped (the table says why).":
        "唯一的点没有可绘制的时间：\n它失败了或被跳过（原因见表格）。",
    "None of the %1 points has a time to plot:\nthey failed or were skipped (the table says why).":
        "%1 个点都没有可绘制的时间：\n它们失败了或被跳过（原因见表格）。",
    "%1 vs %2: %3": "%1 对比 %2：%3",
    "… and %1 more GPU curves against the best CPU, not listed here (%2 crossovers in all).":
        "……另有 %1 条 GPU 曲线与最佳 CPU 的对比未在此列出（共 %2 个交叉点）。",
    "Dashed lines mark the first %1 of the %2 crossovers.": "虚线标出 %2 个交叉点中的前 %1 个。",
    "CPU only: no GPU curve to compare with.": "仅有 CPU：没有可比较的 GPU 曲线。",
    "No GPU curve to compare with: the GPU points were not measured. %1": "没有可比较的 GPU 曲线：GPU 的点未被测量。%1",
    "A GPU run recorded on another machine can be opened (File ▸ Open results) and shown here.":
        "可以打开在其他机器上记录的 GPU 运行（文件 ▸ 打开结果），并在此显示。",
    "GPU only: no CPU curve to compare with.": "仅有 GPU：没有可比较的 CPU 曲线。",
    "No run has both a CPU and a GPU curve: choose a run A (CPU) and a run B (GPU) in the Runs panel to compare across runs.":
        "没有任何运行同时包含 CPU 和 GPU 曲线：请在“运行列表”面板中选择运行 A（CPU）和运行 B（GPU），进行跨运行比较。",
    "interquartile range": "四分位距",
    "min–max": "最小值–最大值",
    "The %1 bands are not drawn for more than %2 curves.": "曲线超过 %2 条时不绘制%1色带。",
    "Bands: the interquartile range of the repetitions%1 (right-click for min–max).":
        "色带：各次重复的四分位距%1（右键单击切换为最小值–最大值）。",
    "; min–max for points saved without it": "；保存时未包含四分位距的点使用最小值–最大值",
    "Bands: min–max of the repetitions (right-click for the interquartile range).":
        "色带：各次重复的最小值–最大值（右键单击切换为四分位距）。",
    "Time vs n": "时间随 n 的变化",
    # Issue 14: the Conditions column, throttled points (ResultModel, TimeChart)
    "throttled": "降频",
    "cold": "冷",
    "%1 rounds, spread %2 %": "%1 轮，离散 %2 %",
    "%1→%2 MHz": "%1→%2 MHz",
    "%1 MHz": "%1 MHz",
    "SM %1 MHz, memory %2 MHz": "SM %1 MHz，显存 %2 MHz",
    ", %1 °C": "，%1 °C",
    ", %1 W": "，%1 W",
    ", reasons: %1": "，原因：%1",
    "Cold cache: the GPU's L2 and the CPU's last-level cache were flushed before every repetition, outside the timed region":
        "冷缓存：每次重复之前（在计时区之外）都清空了 GPU 的 L2 和 CPU 的末级缓存",
    "%1 rounds, each in a shuffled order: the rounds' medians ranged from %2 to %3 per iteration":
        "%1 轮，每轮顺序随机打乱：各轮的中位数在每次迭代 %2 到 %3 之间",
    "GPU after the warm-up: %1": "预热后的 GPU：%1",
    "GPU after the last repetition: %1": "最后一次重复后的 GPU：%1",
    "Throttled: see the reason": "已降频：原因见“原因”列",
    "Conditions": "测量条件",
    "clocks not available": "时钟不可用",
    # Issue 13 item 7: the cost chart (CostChart)
    "none in the range measured": "在测量范围内没有",
    "cost of a million iterations": "一百万次迭代的成本",
    "cost of a billion iterations": "十亿次迭代的成本",
    "cost of a trillion iterations": "一万亿次迭代的成本",
    "cost of a quadrillion iterations": "一千万亿次迭代的成本",
    "Prices per hour…": "每小时价格…",
    "Prices per hour": "每小时价格",
    "CPU machine, per hour:": "CPU 机器，每小时：",
    "GPU machine, per hour:": "GPU 机器，每小时：",
    "The cost comparison needs a CPU and a GPU curve: open a recorded GPU run (Ctrl+O), or choose a run A (CPU) and a run B (GPU) in the Runs panel.":
        "成本比较需要一条 CPU 曲线和一条 GPU 曲线：请打开一个已记录的 GPU 运行（Ctrl+O），或在“运行列表”面板中选择运行 A（CPU）和运行 B（GPU）。",
    "No point has a time to price.": "没有可计算成本的带时间的点。",
    "%1 at %2/h": "%1（每小时 %2）",
    "GPU cheaper above n ≈ %1": "n ≈ %1 以上 GPU 更便宜",
    "CPU cheaper above n ≈ %1": "n ≈ %1 以上 CPU 更便宜",
    "%1 vs %2: cheaper from %3; faster from %4.": "%1 对比 %2：从 %3 起更便宜；从 %4 起更快。",
    "Prices per hour: CPU machine %1, GPU machine %2%3. The GPU is cheaper only where it is more than %4 times faster.":
        "每小时价格：CPU 机器 %1，GPU 机器 %2%3。只有在 GPU 快 %4 倍以上的地方，GPU 才更便宜。",
    " (examples, not prices: right-click ▸ Prices per hour to enter yours)": "（示例值，并非真实价格：右键单击 ▸ 每小时价格，输入您的价格）",
    "Cost": "成本",
    "cost vs n": "成本随 n 的变化",
    # Issue 13 item 3: the presets in the side panel (SweepPanel)
    "Presets": "预设",
    "One click fills the form below; Run starts it.": "单击即可填好下面的表单；点击“运行”开始。",
    "Cold cache; rounds and the spread of their medians (highest minus lowest, over the median); the GPU's SM clock after the warm-up and after the last repetition; throttled when the clock fell below 90 % of the sweep's first or NVML reported a throttle reason":
        "冷缓存；轮数及各轮中位数的离散度（最高减最低，除以中位数）；预热后和最后一次重复后的 GPU SM 时钟；当时钟低于本次扫描首个负载时钟的 90 % 或 NVML 报告了降频原因时，标记为降频",
    "Hollow rings: %1 measured while the GPU throttled (its clock fell, or NVML reported a power or thermal limit); the table's Conditions column says how.":
        "空心圆环：%1在 GPU 降频时测得（时钟下降，或 NVML 报告了功耗或温度限制）；详情见表格的“测量条件”列。",
    # Issue 13: the Source dock, the code behind a curve (SourceView)
    "Source": "源代码",
    "No series yet: run a sweep or open a result file, then select a row of the results to see the code that produced it.":
        "尚无序列：请运行扫描或打开结果文件，然后在结果表中选择一行，即可查看产生它的代码。",
    "%1, lines %2–%3": "%1，第 %2–%3 行",
    "The source of this series is missing: no region %1 is marked in %2. Put the \"// source-view:\" markers back and rebuild.":
        "此序列的源代码缺失：%2 中没有标记区域 %1。请恢复“// source-view:”标记并重新构建。",
    "From %1, as built into this program.": "出自 %1，即编译进本程序的代码。",
    "cudaMemcpyAsync to the device and back, %1 times, from %2 host memory":
        "cudaMemcpyAsync 拷贝到设备再拷回，共 %1 次，使用%2主机内存",
    "cuBLAS's sgemm, called %1 times from a CUDA graph": "cuBLAS 的 sgemm，从 CUDA 图中调用 %1 次",
    "cuBLAS's sgemm, called %1 times": "cuBLAS 的 sgemm，调用 %1 次",
    "The product runs in cuBLAS's sgemm, closed source: the call below is all SpeedupLab runs.":
        "矩阵乘法在 cuBLAS 的 sgemm 中执行，它是闭源的：下面的调用就是 SpeedupLab 运行的全部代码。",
    "This variant lets cuBLAS round the inputs to TF32 and use the tensor cores (the math mode set below).":
        "此变体允许 cuBLAS 将输入舍入为 TF32 并使用张量核心（见下方设置的数学模式）。",
    "kernel %1, all %2 iterations in one launch": "内核 %1，全部 %2 次迭代在一次启动中完成",
    "kernel %1, launched %2 times as one CUDA graph": "内核 %1，作为一个 CUDA 图启动 %2 次",
    "kernel %1, launched %2 times from CUDA graphs of up to %3 launches":
        "内核 %1，从每个最多含 %3 次启动的 CUDA 图中启动 %2 次",
    "kernel %1, launched %2 times, one launch per iteration": "内核 %1，启动 %2 次，每次迭代启动一次",
    "No code is known for the series %1.": "序列 %1 没有已知的代码。",
    "GPU %1, %2 mode: %3": "GPU %1，%2 模式：%3",
    "The timed region also copies the inputs to the GPU and the result back (%1 host memory).":
        "计时区还包括把输入拷贝到 GPU 并把结果拷回（%1主机内存）。",
    "CPU %1, %2 threads": "CPU %1，%2 个线程",
    "CPU %1": "CPU %1",
    "OpenBLAS's sgemm, called %1 times": "OpenBLAS 的 sgemm，调用 %1 次",
    "The product runs in OpenBLAS's sgemm, a separate library: the call below is all SpeedupLab runs. Large products are split along k, so that a stop is seen quickly.":
        "矩阵乘法在 OpenBLAS 的 sgemm 中执行，它是一个独立的库：下面的调用就是 SpeedupLab 运行的全部代码。大的乘法沿 k 维切分，以便及时响应停止。",
    "function %1, %2 times, the rows of C shared out by an OpenMP parallel for":
        "函数 %1，执行 %2 次，C 的各行由 OpenMP parallel for 分配给各线程",
    "%1 on each thread's share of the tensor, %2 iterations in one OpenMP parallel region":
        "每个线程对其负责的那部分张量执行 %1，%2 次迭代在同一个 OpenMP 并行区域内完成",
    # Help ▸ Guided tour (Tour, MainActions)
    "Guided &tour": "导览(&T)",
    "A short tour of the seed experiment (b += b) and of how to read each chart":
        "简短导览：介绍起点实验（b += b）以及如何阅读每个图表",
    "Guided tour": "导览",
    "< &Back": "< 上一页(&B)",
    "&Next >": "下一页(&N) >",
    "&Close": "关闭(&C)",
    "%1 of %2": "第 %1 页，共 %2 页",
    "Show me: %1": "带我看：%1",
    "Switch the window to this chart": "让窗口切换到这个图表",
    "The experiment: b += b": "实验：b += b",
    "Reading log-log axes": "阅读双对数坐标轴",
    "The time chart": "时间图表",
    "The speedup chart": "加速比图表",
    "Throughput and the roofline": "吞吐量与 Roofline",
    "Try it yourself": "亲自试一试",
    "<p>The seed experiment makes a tensor with <code>b = torch.ones(n, n)</code>: a grid of n by n numbers, each a 32-bit float (fp32). So <b>n</b> is the length of one side, and the tensor holds n² numbers.</p><p>Then it runs <code>b += b</code> 1000 times. Each time, every number is read, doubled and written back: n² additions, and <b>8 n² bytes</b> moved (4 bytes read and 4 bytes written per number). At n = 4 that is 128 bytes; at n = 4000 it is 128 MB, every iteration.</p><p>The question the app answers: for which n is the GPU faster than the CPU, and why?</p>":
        "<p>起点实验用 <code>b = torch.ones(n, n)</code> 创建一个张量：n 行 n 列的数，每个都是 32 位浮点数（fp32）。所以 <b>n</b> 是一条边的长度，张量共有 n² 个数。</p><p>然后它把 <code>b += b</code> 运行 1000 次。每一次，每个数都被读出、加倍、再写回：共 n² 次加法，搬运 <b>8 n² 字节</b>（每个数读 4 字节、写 4 字节）。n = 4 时是 128 字节；n = 4000 时是 128 MB，每次迭代都如此。</p><p>本程序要回答的问题：n 为多大时 GPU 比 CPU 快，为什么？</p>",
    "<p>The time chart uses <b>log-log axes</b>: on both axes, each gridline is 10 times the one before. Going from n = 4 to 40 takes the same distance as going from 400 to 4000.</p><p>On such axes, a line of <b>slope 2</b> (10 times larger n, 100 times more time) means the time grows with n², as the work does.</p><p>A <b>flat</b> line means the time does not depend on n at all: a fixed cost, such as starting a GPU kernel, is larger than the work.</p><p>So read the slope, not only the height: it tells you what the time is made of.</p>":
        "<p>时间图表使用<b>双对数坐标轴</b>：两条轴上，每条网格线都是前一条的 10 倍。从 n = 4 到 40 与从 400 到 4000 的距离相同。</p><p>在这样的坐标轴上，<b>斜率为 2</b> 的直线（n 增大 10 倍，时间增加 100 倍）表示时间随 n² 增长，与工作量一致。</p><p><b>水平</b>的线表示时间完全不随 n 变化：某个固定开销（例如启动一个 GPU 内核）比工作本身还大。</p><p>所以不要只看高度，还要看斜率：它告诉你时间由什么构成。</p>",
    "<p>Each curve is the time of one iteration against n (right-click ▸ Whole loop: of all of them).</p><p>The <b>CPU</b> curves start at tiny times and rise with slope 2: the CPU has almost no fixed cost, so its time is the work.</p><p>The <b>GPU launch</b> curve (one kernel launch per iteration, as the Python loop does) is flat at first: each iteration costs the launch, a few microseconds, however little work there is. It rises only once the work outgrows the launch.</p><p>Where the curves cross, the GPU becomes faster; the chart marks it \"GPU faster above n ≈ …\". The <b>graph</b> and <b>fused</b> modes cut the launch cost, so their curves sit lower and the crossover moves to the left.</p><p>A <b>dashed</b> curve is a reference run, from another tool or another machine. A curve named <b>not synchronised</b> is the time to queue the launches, not the work's: no crossover is taken from it, even where it crosses a CPU curve.</p>":
        "<p>每条曲线表示一次迭代的时间随 n 的变化。（右键 ▸ 整个循环：全部迭代的时间）</p><p><b>CPU</b> 曲线从极短的时间开始，以斜率 2 上升：CPU 几乎没有固定开销，所以它的时间就是工作本身。</p><p><b>GPU 内核启动</b>曲线（每次迭代启动一次内核，与 Python 循环相同）起初是水平的：无论工作多少，每次迭代都要付出启动开销，约几微秒。只有当工作量超过启动开销时，它才开始上升。</p><p>曲线相交之处，GPU 开始更快；图表将其标为“n ≈ … 以上 GPU 更快”。<b>graph</b> 和 <b>fused</b> 模式减少了启动开销，所以它们的曲线更低，交叉点向左移动。</p><p><b>虚线</b>曲线是参考运行，来自其他工具或其他机器。名为<b>未同步</b>的曲线是把启动放入队列的时间，而不是工作本身的时间：即使它与 CPU 曲线相交，也不会据此得出交叉点。</p>",
    "<p><i>In the results shown now: %1 is faster than %2 above n ≈ %3.</i></p>":
        "<p><i>在当前显示的结果中：n ≈ %3 以上时，%1比%2快。</i></p>",
    "<p>The speedup is the CPU time divided by the GPU time at each n.</p><p><b>Above 1</b> the GPU wins: at 10 it is ten times faster. <b>Below 1</b> the CPU wins. The shaded regions show which side is which, and the crossover is where the curve passes 1.</p><p>The speedup grows with n while the GPU is still paying for its launches, and levels off when both sides are limited by how fast they move memory.</p>":
        "<p>加速比是每个 n 处 CPU 时间除以 GPU 时间。</p><p><b>大于 1</b> 时 GPU 胜出：等于 10 表示快十倍。<b>小于 1</b> 时 CPU 胜出。阴影区域标出各自的一方，交叉点就是曲线穿过 1 的位置。</p><p>当 GPU 仍在为内核启动付出开销时，加速比随 n 增长；当双方都受限于搬运内存的速度时，它趋于平稳。</p>",
    "<p>This chart shows how much faster the CPU gets with more threads, for a few sizes, next to the ideal line (twice the threads, twice as fast).</p><p>For <b>big tensors</b> more threads help until the memory bandwidth runs out: <code>b += b</code> does one addition for every 8 bytes, so a few cores can keep the memory busy, and the curve flattens below the ideal.</p><p>For <b>tiny tensors</b>, starting and joining the threads (fork/join) costs more than the work itself, and more threads can even be slower.</p>":
        "<p>此图表显示在几种大小下，CPU 随线程增多能快多少，旁边是理想线（线程加倍，速度加倍）。</p><p>对于<b>大张量</b>，更多线程有帮助，直到内存带宽耗尽：<code>b += b</code> 每 8 字节只做一次加法，所以几个核心就能让内存忙碌，曲线在理想线下方变平。</p><p>对于<b>小张量</b>，启动和汇合线程（fork/join）的开销比工作本身还大，线程更多甚至可能更慢。</p>",
    "<p>The throughput chart turns each time into a rate: for <code>b += b</code>, bytes moved per second (GB/s). <nobr>Sweep ▸ Calibrate machine</nobr> measures this machine's ceilings (cache and memory bandwidths, GPU copies and launches, FLOP/s) and draws them as lines.</p><p>A point near a ceiling uses what the hardware offers. A point far below is held back by something else, usually a fixed cost such as the launch.</p><p>The roofline chart plots FLOP/s against FLOPs per byte, under the memory and compute roofs. <code>b += b</code> does one FLOP per 8 bytes, far to the left: memory bandwidth limits it, never arithmetic.</p>":
        "<p>吞吐量图表把每个时间换算成速率：对 <code>b += b</code> 来说，是每秒搬运的字节数（GB/s）。<nobr>扫描 ▸ 校准本机</nobr>会测量本机的性能上限（缓存与内存带宽、GPU 拷贝与启动、FLOP/s），并将其画成直线。</p><p>接近上限的点充分利用了硬件的能力。远低于上限的点受到其他因素的限制，通常是某个固定开销，例如内核启动。</p><p>Roofline 图表在内存屋顶线和计算屋顶线之下绘制 FLOP/s 与每字节 FLOP 数的关系。<code>b += b</code> 每 8 字节只做一次 FLOP，位于最左侧：限制它的是内存带宽，而不是算术运算。</p>",
    "<p>Choose <nobr>Sweep ▸ Presets ▸ Seed experiment</nobr>, then press <b>Run</b> (Ctrl+R). The curves grow while you watch; Esc stops the sweep and keeps what was measured.</p><p>No GPU here? Open the shipped example, <nobr>File ▸ Open example</nobr> (the seed experiment recorded on an NVIDIA H200), or press <b>See it measured on an NVIDIA H200</b> on the empty chart. Each file adds a run: after your own CPU sweep, choose yours as run A and the example as run B in the Runs panel, and the time chart marks where B's GPU overtakes A's CPU. Compare runs shows one run's time over another's, series by series. A GPU server of your own records one the same way (<code>speeduplab-cli run --preset seed --json gpu.json</code>).</p><p>Then predict before you measure: where will the crossover be in graph mode, or on a faster GPU? Run it and see.</p>":
        "<p>选择<nobr>扫描 ▸ 预设 ▸ 种子实验</nobr>，然后点击<b>运行</b>（Ctrl+R）。曲线会在你眼前逐渐生长；按 Esc 停止扫描并保留已测得的结果。</p><p>这里没有 GPU？打开随程序附带的示例<nobr>文件 ▸ 打开示例</nobr>（在 NVIDIA H200 上记录的种子实验），或在空图表上点击<b>查看在 NVIDIA H200 上的实测</b>。每个文件都会添加一个运行：先做你自己的 CPU 扫描，再在运行面板中把你的运行选为运行 A、把示例选为运行 B，时间图表就会标出 B 的 GPU 超越 A 的 CPU 的位置。“比较运行”按系列逐一显示一个运行的时间与另一个运行的时间之比。你自己的 GPU 服务器也可以同样记录一份（<code>speeduplab-cli run --preset seed --json gpu.json</code>）。</p><p>然后先预测再测量：在 graph 模式下，或在更快的 GPU 上，交叉点会在哪里？运行一下看看。</p>",
    # issue 15: scan
    "CUB's DeviceScan::InclusiveSum, called %1 times from a CUDA graph":
        "CUB 的 DeviceScan::InclusiveSum，从 CUDA 图中调用 %1 次",
    "CUB's DeviceScan::InclusiveSum, called %1 times": "CUB 的 DeviceScan::InclusiveSum，调用 %1 次",
    "The scan runs in CUB, the CUDA toolkit's header-only library of parallel primitives: the call below is all SpeedupLab writes. Its temporary storage is allocated once, outside the timed region.":
        "扫描在 CUB 中运行，CUB 是 CUDA 工具包自带的仅头文件并行原语库：下面的调用就是 SpeedupLab 所写的全部代码。它的临时存储只分配一次，在计时区域之外。",
    "kernels %1, scanTotalsKernel and addRowOffsetsKernel, %2 times from a CUDA graph":
        "内核 %1、scanTotalsKernel 和 addRowOffsetsKernel，从 CUDA 图中运行 %2 次",
    "kernels %1, scanTotalsKernel and addRowOffsetsKernel, %2 times, three launches per iteration":
        "内核 %1、scanTotalsKernel 和 addRowOffsetsKernel，运行 %2 次，每次迭代启动三次",
    "One thread per row adds up its row serially, then a single thread adds up the row totals: n serial chains and then one more, which leave most of the GPU idle.":
        "每行由一个线程串行累加，然后由单个线程累加各行的总和：n 条串行链，之后再加一条，GPU 的大部分都处于空闲。",
    "function %1, %2 times, on one thread: each sum needs the one before it, so more threads cannot help":
        "函数 %1，%2 次，在一个线程上：每个和都要等前一个和，所以更多线程无济于事",
    "CPU %1, 1 thread": "CPU %1，1 个线程",
    # issue 13: cost models, the Explain tab and its what-if panel
    "1 thread": "1 个线程",
    "%1 threads": "%1 个线程",
    "kernel launch": "内核启动",
    "graph launch (per iteration)": "图启动（每次迭代）",
    "fixed cost (one launch shared by all iterations)": "固定开销（所有迭代共用一次启动）",
    "transfer set-up": "传输准备",
    "OpenMP fork/join": "OpenMP fork/join",
    "call and loop set-up": "调用与循环准备",
    "%1: too few points for a model.": "%1：点太少，无法建立模型。",
    "FLOPs": "FLOP",
    "bytes moved": "搬运的字节",
    " (%1 % of this machine's %2 ceiling, %3)": "（本机 %2 上限 %3 的 %1 %）",
    " (no calibrated ceiling to compare with: Sweep \u25b8 Calibrate measures it)": "（没有可比较的校准上限：扫描 \u25b8 校准 可测量）",
    "%1 in %2": "%2 中 %1",
    "a faster level": "更快的层级",
    " Smaller sizes ran at %1.": "较小的规模运行于 %1。",
    "%1: flat at %2 per iteration over %3: the %4 is all there is at these sizes.": "%1：在 %3 上每次迭代恒为 %2：在这些规模下只有%4。",
    "%1: over the measured sizes (%2) the %3 %4 dominates; the work, at %5, would take over only above n \u2248 %6.": "%1：在所测规模（%2）内，%3 的%4占主导；以 %5 计的工作量要到 n \u2248 %6 以上才会占主导。",
    "%1: from the smallest size measured, the time grows with the %2 at %3; no fixed cost is measurable.": "%1：从所测最小规模起，时间随%2以 %3 增长；测不出固定开销。",
    "%1: from the smallest size measured, the time grows with the %2 at %3; the %4 %5 would matter only below n \u2248 %6.": "%1：从所测最小规模起，时间随%2以 %3 增长；%4 的%5只在 n \u2248 %6 以下才重要。",
    "%1: up to n \u2248 %2 the %3 %4 is most of each iteration's time; at n \u2248 %2 the work takes as long, and above it the time grows with the %5 at %6.": "%1：直到 n \u2248 %2，每次迭代的时间大部分是 %3 的%4；在 n \u2248 %2 处工作本身耗时相当，此后时间随%5以 %6 增长。",
    "from n \u2248 %1 at %2": "从 n \u2248 %1 起为 %2",
    " Then %1.": "随后%1。",
    "%1 of arithmetic (its data stay in registers)": "%1 的算术（数据留在寄存器中）",
    "measured: n \u2248 %1": "实测：n \u2248 %1",
    "no crossing measured": "未测到交叉",
    "%1: its model is faster than every CPU model at every size (%2): a fixed cost of %3 against the CPU's %4 (%5).": "%1：其模型在所有规模上都快于每个 CPU 模型（%2）：固定开销 %3，CPU 为 %4（%5）。",
    "%1: the models do not cross up to n = 10\u2076: the CPU model stays faster (%2).": "%1：模型在 n = 10\u2076 以内不相交：CPU 模型一直更快（%2）。",
    "%1 overtakes the CPU (%2) at n \u2248 %3 by the models (%4). Below, its %5 fixed cost loses to the CPU's %6; above, its %7 outruns the CPU's %8.": "按模型，%1 在 n \u2248 %3 处超过 CPU（%2）（%4）。在此以下，它 %5 的固定开销输给 CPU 的 %6；在此以上，它的 %7 超过 CPU 的 %8。",
    "a CUDA graph submits the launches together": "CUDA graph 一次提交所有启动",
    "one kernel runs every iteration": "一个内核完成所有迭代",
    "another mode": "另一种模式",
    "so its model wins at every size": "因此其模型在所有规模上都胜出",
    "so the crossover moves from n \u2248 %1 to n \u2248 %2": "因此交叉点从 n \u2248 %1 移到 n \u2248 %2",
    "and the models no longer cross": "模型不再相交",
    "%1 (%2) changes the fixed cost from %3 to %4 per iteration (%5 % %6), %7.": "%1（%2）把每次迭代的固定开销从 %3 变为 %4（%6 %5 %），%7。",
    "less": "减少",
    "more": "增加",
    "%1 (%2) changes the rate from %3 to %4, %5.": "%1（%2）把速率从 %3 变为 %4，%5。",
    "n = %1: too few thread counts for a model.": "n = %1：线程数太少，无法建立模型。",
    "n = %1: more threads are slower: 1 thread takes %2, %3 take %4. Starting and joining them costs about %5%6, more than the work itself: not Amdahl's law.": "n = %1：线程越多越慢：1 个线程用时 %2，%3 用时 %4。启动并汇合这些线程约需 %5%6，比工作本身还多：这不是 Amdahl 定律。",
    " (calibrated: %1)": "（校准值：%1）",
    "the calibrated %1 ceiling (%2)": "校准的 %1 上限（%2）",
    "the best bandwidth measured (%1; no calibrated ceiling)": "实测最佳带宽（%1；无校准上限）",
    "n = %1: memory bandwidth runs out, not serial code: 1 thread moves %2, and %3 caps any number of threads at %4\u00d7. The bandwidth bound fits within %5, Amdahl's law within %6 (its serial fraction would read %7 %).": "n = %1：耗尽的是内存带宽，而不是串行代码：1 个线程搬运 %2，而%3把任意线程数限制在 %4\u00d7。带宽上限模型的误差在 %5 以内，Amdahl 定律在 %6 以内（其串行比例会读作 %7 %）。",
    "at most %1\u00d7": "至多 %1\u00d7",
    "no limit in sight": "看不到上限",
    "; the bandwidth bound within %1": "；带宽上限模型在 %1 以内",
    "n = %1: Amdahl's law explains the points: a serial fraction of %2 %, so %3 (fits within %4%5).": "n = %1：Amdahl 定律能解释这些点：串行比例 %2 %，因此%3（误差在 %4 以内%5）。",
    "the GPU is faster at every size": "GPU 在所有规模上都更快",
    "the GPU overtakes the CPU at n \u2248 %1": "GPU 在 n \u2248 %1 处超过 CPU",
    "the GPU never overtakes the CPU": "GPU 从未超过 CPU",
    "CPU with %1": "CPU 使用 %1",
    "With the measured models (GPU fixed cost %1, %2; %3): %4.": "按实测模型（GPU 固定开销 %1，%2；%3）：%4。",
    "cost models: why the curves look this way": "开销模型：曲线为何如此",
    "Too few points for cost models: each curve needs two sizes or more.": "点太少，无法建立开销模型：每条曲线至少需要两个规模。",
    "%1 (measured)": "%1（实测）",
    "CPU model, %1: %2 + work at %3": "CPU 模型，%1：%2 + 以 %3 完成的工作",
    "GPU model: %1 + work at %2": "GPU 模型：%1 + 以 %2 完成的工作",
    "models: GPU faster above n \u2248 %1": "模型：n \u2248 %1 以上 GPU 更快",
    "Where the GPU overtakes the CPU, by the models": "按模型，GPU 在何处超过 CPU",
    "What each curve's time is made of": "每条曲线的时间由什么构成",
    "How the CPU threads scale": "CPU 线程如何扩展",
    "Explain": "解释",
    "bandwidth bound, n = %1: at most %2\u00d7": "带宽上限，n = %1：至多 %2\u00d7",
    "fork/join %1 > work, n = %2": "fork/join %1 > 工作，n = %2",
    "Show cost models": "显示开销模型",
    "A thin dotted line through each curve: its fixed cost plus its work at the rate of each memory level (the Explain tab says what they mean)": "穿过每条曲线的细点线：其固定开销加上按各内存层级速率完成的工作（“解释”页说明其含义）",
    "Dotted: each curve's cost model, its fixed cost plus its work at the rate of each memory level (the Explain tab says what they mean).": "点线：每条曲线的开销模型，即固定开销加上按各内存层级速率完成的工作（“解释”页说明其含义）。",
    "The GPU curve the models compare with the CPU": "模型与 CPU 比较的 GPU 曲线",
    "GPU curve:": "GPU 曲线：",
    "&Launch latency:": "启动延迟(&L)：",
    "The GPU's fixed cost per iteration: what if launches were free?": "GPU 每次迭代的固定开销：如果启动不花时间会怎样？",
    "&GPU bandwidth:": "GPU 带宽(&G)：",
    "The GPU's rate once the work dominates": "工作量占主导时 GPU 的速率",
    "C&PU bandwidth:": "CPU 带宽(&P)：",
    "What all CPU threads together can reach (each thread's share scales with it)": "所有 CPU 线程合起来能达到的速率（每个线程的份额随之缩放）",
    "CPU &threads:": "CPU 线程数(&T)：",
    "The CPU's thread count: the rate grows with it until the bandwidth caps it; the fixed cost is the nearest measured thread count's": "CPU 的线程数：速率随之增长，直到被带宽封顶；固定开销取最接近的实测线程数的值",
    "&Reset to measured": "恢复实测值(&R)",
    "<p>Run a sweep with CPU and GPU curves (or open a recorded one): each curve's cost model and what it says appear here.</p>": "<p>运行一次包含 CPU 和 GPU 曲线的扫描（或打开已记录的运行）：每条曲线的开销模型及其含义会显示在这里。</p>",
    "%1 (measured %2)": "%1（实测 %2）",
    "all: %1": "全部：%1",
    "All %1 GPUs, in turn": "全部 %1 个 GPU，依次运行",
    # issue 15: spmv
    "kernel %1, launched %2 times from a CUDA graph": "内核 %1，从 CUDA 图中启动 %2 次",
    "One thread per row: the threads of a warp read rows 8 nonzeros apart (not coalesced) and gather x at random columns.": "每行一个线程：一个 warp 中的线程读取相隔 8 个非零元的行（访存不合并），并在随机列处收集 x。",
    "cuSPARSE's cusparseSpMV, called %1 times from a CUDA graph": "cuSPARSE 的 cusparseSpMV，从 CUDA 图中调用 %1 次",
    "cuSPARSE's cusparseSpMV, called %1 times": "cuSPARSE 的 cusparseSpMV，调用 %1 次",
    "The product runs in cuSPARSE, closed source: the calls below are all SpeedupLab runs. The handle, the matrix descriptors and the work buffer are made once, outside the timed region.": "乘积在闭源的 cuSPARSE 中运行：下面的调用就是 SpeedupLab 运行的全部代码。句柄、矩阵描述符和工作缓冲区只创建一次，在计时区域之外。",
    "function %1, %2 times, the rows shared out by one OpenMP parallel region per product": "函数 %1，%2 次，每次乘积由一个 OpenMP 并行区域分配各行",
    # issue 15: reduced precision
    "GPU cuBLAS FP16": "GPU cuBLAS FP16",
    "GPU cuBLAS BF16": "GPU cuBLAS BF16",
    "cuBLAS's cublasGemmEx in %1, called %2 times from a CUDA graph": "cuBLAS 的 cublasGemmEx（%1），从 CUDA 图中调用 %2 次",
    "cuBLAS's cublasGemmEx in %1, called %2 times": "cuBLAS 的 cublasGemmEx（%1），调用 %2 次",
    "The product runs on the tensor cores with fp32 accumulation, in cuBLAS's cublasGemmEx, closed source: the call below is all SpeedupLab runs. A, B and C are %1 copies of the fp32 tensors, converted outside the timed region.":
        "矩阵乘法在张量核心上以 fp32 累加执行，位于 cuBLAS 的 cublasGemmEx 中，它是闭源的：下面的调用就是 SpeedupLab 运行的全部代码。A、B 和 C 是 fp32 张量的 %1 副本，在计时区域之外转换。",
    "OpenBLAS's sbgemm, called %1 times": "OpenBLAS 的 sbgemm，调用 %1 次",
    "The product runs in OpenBLAS's sbgemm on bf16 copies of the inputs, made once outside the timed region, with fp32 accumulation and an fp32 result (AVX-512 BF16).":
        "矩阵乘法在 OpenBLAS 的 sbgemm 中对输入的 bf16 副本执行（副本在计时区域之外一次性生成），以 fp32 累加并得到 fp32 结果（AVX-512 BF16）。",
    "The cost models need a CPU or a GPU curve of a known workload.": "开销模型需要一条已知工作负载的 CPU 或 GPU 曲线。",
    "The cost models need a CPU or a GPU curve with successful points.": "开销模型需要一条包含成功测量点的 CPU 或 GPU 曲线。",
    "No GPU curve here: these are the CPU curves' own models (dashed). Open a recorded GPU run (Ctrl+O), or choose a run A (CPU) and a run B (GPU) in the Runs panel, to see where the GPU overtakes them and to move the models.":
        "这里没有 GPU 曲线：图中是各 CPU 曲线自身的模型（虚线）。打开已记录的 GPU 运行（Ctrl+O），或在运行面板中选择运行 A（CPU）和运行 B（GPU），即可看到 GPU 在何处超越它们，并调整模型。",
    " The calibrated %1 ceiling (%2) caps them at %3\u00d7, and the points meet that bound within %4.":
        "已校准的 %1 上限（%2）把它们限制在 %3\u00d7，测量点与该上限的偏差在 %4 以内。",
    "n = %1: %2 run %3\u00d7 as fast as 1 thread. Two thread counts cannot say why: Amdahl's law fits any two points (here with a serial fraction of %4 %).%5 Measure more thread counts (1, 2, 4, 8\u2026) to tell serial code from a memory-bandwidth limit.":
        "n = %1：%2 的速度是 1 个线程的 %3\u00d7。两个线程数无法说明原因：Amdahl 定律能拟合任意两个点（此处串行比例为 %4 %）。%5 请测量更多线程数（1、2、4、8\u2026），以区分串行代码与内存带宽限制。",
    " (examples, not prices)": "（示例值，并非真实价格）",
    "Bands: the interquartile range of the repetitions%1.": "色带：各次重复的四分位距%1。",
    "Bands: min\u2013max of the repetitions.": "色带：各次重复的最小值\u2013最大值。",
    "%1 of the %2 thread counts are shown, from the fewest threads to the most.": "显示了 %2 个线程数中的 %1 个，从最少线程到最多线程均匀选取。",
    # The shipped data (ui/datatexts.cpp): presets and workloads.
    "Matrix multiply": "矩阵乘法",
    "C = A*B, n = 16 to 2048 (3 per decade), powers-of-two thread counts: compute-bound, where the GPU wins early and by far. Capped at 5 minutes.":
        "C = A*B，n = 16 到 2048（每十倍 3 个），线程数取 2 的幂：计算受限，GPU 很早就胜出且优势巨大。限时 5 分钟。",
    "Quick look": "快速一览",
    "The seed experiment, lighter: n = 4 to 2000 (2 per decade), 100 iterations, powers-of-two thread counts. Runs in seconds; good for a first demo.":
        "种子实验的轻量版：n = 4 到 2000（每十倍 2 个），100 次迭代，线程数取 2 的幂。几秒即可完成，适合首次演示。",
    "Reduction": "归约",
    "The sum of all elements, n = 16 to 4096 (3 per decade), powers-of-two thread counts: reads everything, writes one number.":
        "所有元素之和，n = 16 到 4096（每十倍 3 个），线程数取 2 的幂：读取全部数据，只写出一个数。",
    "SAXPY streaming": "SAXPY 流式计算",
    "y = a*x + y, n = 16 to 4096 (3 per decade), powers-of-two thread counts: a bandwidth-bound kernel with two inputs.":
        "y = a*x + y，n = 16 到 4096（每十倍 3 个），线程数取 2 的幂：有两个输入的带宽受限内核。",
    "Prefix sum (scan)": "前缀和（scan）",
    "The running sum of all n x n elements as one sequence (torch.cumsum), n = 16 to 4096 (3 per decade). Serial work suits the GPU badly: the CPU's scan is one dependent chain (more threads cannot help, so it runs on one), and the GPU's naive rows variant gives each row to one thread and the row totals to a single thread, leaving most of the GPU idle. CUB's parallel scan changes the algorithm, not the hardware, and the GPU wins again.":
        "把全部 n x n 个元素视为一个序列求累加和（torch.cumsum），n = 16 到 4096（每十倍 3 个）。串行的工作不适合 GPU：CPU 的 scan 是一条相互依赖的链（更多线程无济于事，因此只用一个线程），而 GPU 朴素的 rows 变体让每个线程负责一行、再由单个线程累加各行总和，GPU 大部分处于空闲。CUB 的并行 scan 改变的是算法而不是硬件，GPU 便再次胜出。",
    "Seed experiment": "种子实验",
    "b += b on an n x n tensor, n = 4 to 4000 (4 per decade), 1000 iterations, every CPU thread count and every GPU mode: where does the GPU overtake the CPU?":
        "在 n x n 张量上执行 b += b，n = 4 到 4000（每十倍 4 个），1000 次迭代，所有 CPU 线程数和所有 GPU 模式：GPU 在哪里超越 CPU？",
    "Sparse matrix times vector (spmv)": "稀疏矩阵乘向量（spmv）",
    "y = A x with A sparse: n*n rows, 8 nonzeros per row at random columns (CSR), x the n x n tensor, n = 16 to 2048 (3 per decade), powers-of-two thread counts, cuSPARSE and a one-thread-per-row kernel on the GPU. Every nonzero is used once and x is read at scattered places: two FLOPs per 13 bytes and no reuse, so the GPU must win on bandwidth alone, and its fixed costs take a large n to pay off. See where the crossover lands.":
        "y = A x，A 为稀疏矩阵：n*n 行，每行在随机列上有 8 个非零元（CSR），x 为 n x n 张量，n = 16 到 2048（每十倍 3 个），线程数取 2 的幂，GPU 上为 cuSPARSE 和每行一个线程的内核。每个非零元只用一次，x 在分散的位置读取：每 13 字节 2 次浮点运算且没有复用，因此 GPU 只能靠带宽取胜，其固定开销需要很大的 n 才能摊平。看看交叉点落在哪里。",
    "Host-device transfers": "主机与设备间传输",
    "Copies the tensor to the GPU and back (pinned host memory), n = 16 to 4096 (3 per decade); on the CPU, memory to memory. What does moving the data cost?":
        "把张量复制到 GPU 再复制回来（锁页主机内存），n = 16 到 4096（每十倍 3 个）；在 CPU 上为内存到内存的复制。移动数据要花多少代价？",
    "b += b, repeated: the seed experiment (memory-bound, one tensor read and written)":
        "重复执行 b += b：种子实验（内存受限，读写同一个张量）",
    "y = a*x + y, repeated (streaming: two tensors read, one written)": "重复执行 y = a*x + y（流式：读两个张量，写一个）",
    "the sum of all elements (reads the tensor once, writes one number)": "所有元素之和（读一遍张量，写出一个数）",
    "C = A*B, n x n x n (compute-bound for large n)": "C = A*B，n x n x n（n 较大时计算受限）",
    "copy the tensor host to device and back (on the CPU: memory to memory)": "把张量从主机复制到设备再复制回来（在 CPU 上：内存到内存）",
    "the running sum of all n*n elements taken as one flat sequence (like torch.cumsum(x.flatten(), 0)): on the CPU, serial is one dependent chain, one element after another, so more threads cannot help (it runs once per n, on one thread); on the GPU, rows gives each row to one thread, then one thread adds up the row totals, and cub is CUB's parallel single-pass scan":
        "把全部 n*n 个元素视为一个扁平序列求累加和（如 torch.cumsum(x.flatten(), 0)）：在 CPU 上，serial 是一条逐个元素相互依赖的链，更多线程无济于事（每个 n 只在一个线程上运行一次）；在 GPU 上，rows 让每个线程负责一行，再由一个线程累加各行总和，cub 则是 CUB 的并行单遍 scan",
    "y = A x with A sparse (CSR): n*n rows, 8 nonzeros per row at seeded random columns, x the n x n tensor read as a vector; every nonzero is used once and x is gathered at scattered places, so there is little work per byte (csr: OpenMP over rows; cusparse: cuSPARSE's SpMV; scalar: one GPU thread per row)":
        "y = A x，A 为稀疏矩阵（CSR）：n*n 行，每行在按种子生成的随机列上有 8 个非零元，x 为按向量读取的 n x n 张量；每个非零元只用一次，x 从分散的位置收集，因此每字节的计算量很小（csr：按行的 OpenMP；cusparse：cuSPARSE 的 SpMV；scalar：每行一个 GPU 线程）",
    "The sweep cannot run: %1": "无法运行扫描：%1",
    "The image's size in pixels (an SVG is given it too). From 1280 pixels wide, the chart is laid out as on a 1280-pixel slide and scaled up: a larger image is sharper, its text no smaller. The zoom (Ctrl++) applies as on screen.":
        "图像的像素尺寸（SVG 也使用该尺寸）。宽度达到 1280 像素及以上时，图表按 1280 像素宽的幻灯片排版后再放大：图像越大越清晰，文字不会变小。缩放（Ctrl++）与屏幕上一致。",
    "%1 FLOP/byte": "%1 FLOP/字节",
    "thread": "个线程",
    "threads": "个线程",
    "CPU %1 thread": "CPU %1 线程",
    "CPU %1 threads": "CPU %1 线程",
    " + %1 copies": " + %1 拷贝",
    ", cold cache": "，冷缓存",
    "Bands wider than 10\u00d7 either way (very noisy points) are cut at 10\u00d7.": "宽于上下 10\u00d7 的色带（噪声极大的点）截断在 10\u00d7。",
    "GPU fixed cost %1, %2; %3": "GPU 固定开销 %1，%2；%3",
    "What if (%1): still %2.": "假设（%1）：仍然%2。",
    "What if (%1): %2 (the measured models: %3).": "假设（%1）：%2（实测模型：%3）。",
    # Examples (ui/examples.cpp)
    "b += b, the seed experiment: CPU 1 to 16 threads against the GPU": "b += b，种子实验：CPU 1 到 16 个线程对比 GPU",
    "n = 4 to 4000, 1000 iterations, every CPU thread count and the GPU's launch, graph and fused modes (speeduplab --headless --preset seed)":
        "n = 4 到 4000，1000 次迭代，CPU 的每个线程数与 GPU 的 launch、graph、fused 模式（speeduplab --headless --preset seed）",
    "b += b with the machine's measured ceilings": "b += b，附该机器实测的性能上限",
    "n = 4 to 4000, CPU 1 and 16 threads, every GPU mode, with the HBM, launch and transfer ceilings calibrated on that machine":
        "n = 4 到 4000，CPU 1 和 16 个线程，每种 GPU 模式，附在该机器上校准的 HBM、启动与传输上限",
    "b += b, CPU 1 and 16 threads against every GPU mode": "b += b，CPU 1 和 16 个线程对比每种 GPU 模式",
    "n = 4 to 4000 at 3 sizes a decade, 1000 iterations": "n = 4 到 4000，每十倍 3 个尺寸，1000 次迭代",
    "Reduction (sum), CPU 16 threads against the GPU": "归约（求和），CPU 16 个线程对比 GPU",
    "n = 1024, 4000 and 8192, 100 iterations": "n = 1024、4000 和 8192，100 次迭代",
    "Copies between host and device, pageable and pinned": "主机与设备间的复制，可分页与锁页",
    "n = 4000 (64 MB each way), 10 iterations": "n = 4000（每个方向 64 MB），10 次迭代",
    "an NVIDIA H200 with a 16-core Xeon, 30 Nov 2026": "一台配 16 核 Xeon 的 NVIDIA H200，2026 年 11 月 30 日",
    "example: %1": "示例：%1",
    "Recorded on %1: %2": "录制于%1：%2",
    "Open e&xample": "打开示例(&X)",
    "Open example": "打开示例",
    "See it measured on an NVIDIA H200": "查看在 NVIDIA H200 上的实测",
    "Open the seed experiment as recorded on %1 (File ▸ Open example has more)": "打开录制于%1的种子实验（文件 ▸ 打开示例中还有更多）",
    "Recorded on the machine below (the example)": "录制于下列机器（示例）",
    "Opened the example “%1”, recorded on %2: %3.": "已打开示例“%1”，录制于%2：%3。",
    "%1 not saved. Save the results before closing?": "%1尚未保存。关闭前保存结果吗？",
    "new measurement is": "次新测量",
    "new measurements are": "次新测量",
    " 1 hidden run was not saved (show it to save it too).": "1 次隐藏的运行未保存（显示它即可一并保存）。",
    " %1 hidden runs were not saved (show them to save them too).": "%1 次隐藏的运行未保存（显示它们即可一并保存）。",
    # Explain text (ui/charts/explaintext.cpp)
    "%1: only %2 points (%3). A fixed cost and a rate pass through any two, so the model (%4 + work at %5) says nothing they do not, and predicts nothing beyond them. Measure more sizes to tell the fixed cost from the work.":
        "%1：只有 %2 个点（%3）。固定开销加速率能穿过任意两个点，因此模型（%4 + 以 %5 完成的工作）说不出这些点之外的东西，也无法预测它们之外的尺寸。请测量更多尺寸，以区分固定开销与工作量。",
    "%1 L2 cache": "%1 L2 缓存",
    "L2 cache": "L2 缓存",
    " (%1 % of the %2 ceiling calibrated on %3, %4)": "（为在%3校准的 %2 上限 %4 的 %1 %）",
    "this machine": "本机",
    "the machine that recorded it": "录制它的机器",
    " (above the %1's %2 spec-sheet memory bandwidth: these sizes are served from its %3)": "（高于 %1 规格表上 %2 的内存带宽：这些尺寸由其 %3 提供）",
    " (%1 % of the %2's %3 spec-sheet memory bandwidth, not a measured ceiling)": "（为 %2 规格表内存带宽 %3 的 %1 %，并非实测上限）",
    " (no ceiling was calibrated on the machine that recorded it)": "（录制它的机器未校准性能上限）",
    "%1 from the %2 (above the %3's %4 spec-sheet memory bandwidth)": "%1 来自 %2（高于 %3 规格表上 %4 的内存带宽）",
    "%1: the models rest on too few points (%2) to place a crossover between the measured sizes (%3).": "%1：模型所依据的点太少（%2 个），无法在实测尺寸之间确定交叉点（%3）。",
    "%1 overtakes the CPU (%2) at n ≈ %3 by the models (%4). Below, its %5 fixed cost loses to the CPU, whose fixed cost is too small to measure; above, its %6 outruns the CPU's %7.":
        "按模型，%1 在 n ≈ %3 处超过 CPU（%2）（%4）。在此以下，它 %5 的固定开销输给固定开销小到无法测量的 CPU；在此以上，它的 %6 胜过 CPU 的 %7。",
    "at every n": "在每个 n",
    "up to n = %1": "直到 n = %1",
    "from n = %1": "从 n = %1 起",
    "at n = %1": "在 n = %1",
    "at n = %1–%2": "在 n = %1–%2",
    "%1–%2 threads": "%1–%2 个线程",
    "%1 from n = %2": "从 n = %2 起 %1",
    "best CPU: %1": "最佳 CPU：%1",
    "n = %1: 1 thread is the fastest (%2).": "n = %1：1 个线程最快（%2）。",
    "n = %1: %2 are the fastest, %3× as fast as 1 thread.": "n = %1：%2最快，是 1 个线程的 %3×。",
    " From %1 on, every count is slower than 1 thread.": "从 %1起，每个线程数都比 1 个线程慢。",
    "Every other count is slower, %1 the slowest (%2): starting and joining the threads costs about %3%4, more than the work itself. Not Amdahl's law.":
        "其他线程数都更慢，%1最慢（%2）：启动与汇合线程约需 %3%4，超过工作本身。这不是 Amdahl 定律。",
    "Past the fastest, threads cost more than their share of the work: %1 take %2, and starting and joining them costs about %3%4. Not Amdahl's law.":
        "超过最快的线程数后，线程的开销大于它们分担的工作：%1需 %2，启动与汇合约需 %3%4。这不是 Amdahl 定律。",
    "Memory bandwidth runs out, not serial code: 1 thread moves %1, and %2 caps any number of threads at %3×. The bandwidth bound fits within %4, Amdahl's law within %5 (its serial fraction would read %6 %).":
        "耗尽的是内存带宽，而不是串行代码：1 个线程搬运 %1，而 %2 把任意线程数的加速比限制在 %3×。带宽上限的拟合误差在 %4 以内，Amdahl 定律在 %5 以内（其串行比例将为 %6 %）。",
    "Amdahl's law explains the points: a serial fraction of %1 %, so %2 (fits within %3%4).": "Amdahl 定律能解释这些点：串行比例为 %1 %，因此%2（拟合误差在 %3 以内%4）。",
    "the best CPU of %1 to %2": "%1 到 %2中最佳的 CPU",
    "the CPU with %1": "使用%1的 CPU",
    "%1, up to %2": "%1，最高 %2",
    # Compare runs (ui/charts/comparechart.cpp)
    "B's %1 ÷ A's best CPU": "B 的 %1 ÷ A 的最佳 CPU",
    "B's %1 faster above n ≈ %2": "n ≈ %2 以上 B 的 %1 更快",
    "B's %1 overtakes A's best CPU above n ≈ %2.": "B 的 %1 在 n ≈ %2 以上超过 A 的最佳 CPU。",
    "B's %1 never overtakes A's best CPU at the sizes both measured.": "在两者都测量过的尺寸上，B 的 %1 从未超过 A 的最佳 CPU。",
    "A's best CPU against B's GPU (A = %1, B = %2): %3": "A 的最佳 CPU 对比 B 的 GPU（A = %1，B = %2）：%3",
    "%1 and %2 share no point of %3:\nno series was measured at the same n in both, and A has no CPU curve or B no GPU curve to hold against it.":
        "%1 和 %2 没有共同的 %3 测量点：\n两者没有在同一 n 上测量过的序列，且 A 没有 CPU 曲线或 B 没有 GPU 曲线可供对比。",
    "Like against like, B = %1 against A = %2: B faster at %3, slower at %4, the same within noise at %5. The band is what the noise of both runs can explain (95 % on the medians, at least %6 %).":
        "同类对比，B = %1 对比 A = %2：B 在%3上更快，在%4上更慢，在%5上噪声范围内相同。色带为两次运行的噪声所能解释的范围（中位数的 95 %，至少 %6 %）。",
    # Explain chart (ui/charts/explainchart.cpp)
    "best CPU, %1–%2 threads": "最佳 CPU，%1–%2 个线程",
    "CPU, 1 thread": "CPU，1 个线程",
    "CPU, %1 threads": "CPU，%1 个线程",
    "best CPU model": "最佳 CPU 模型",
    "CPU model: %1 + work at %2": "CPU 模型：%1 + 以 %2 完成的工作",
    "At each n, the %1.": "在每个 n 上，%1。",
    # Runs panel
    "Run B: its GPU curves against run A's best CPU on the time chart and on the Compare tab": "运行 B：在时间图和“比较运行”页上，它的 GPU 曲线对比运行 A 的最佳 CPU",
    "The time chart marks where A's best CPU and B's GPU cross; the Compare tab shows B's GPU over A's best CPU, and B's time over A's.":
        "时间图标出 A 的最佳 CPU 与 B 的 GPU 的交叉点；“比较运行”页显示 B 的 GPU 与 A 的最佳 CPU 之比，以及 B 与 A 的时间之比。",
    "No run shown has a GPU curve yet: open one (File ▸ Open example has some).": "显示的运行中还没有 GPU 曲线：请打开一个（文件 ▸ 打开示例中就有）。",
    # Time chart, classroom view
    "All thread counts": "所有线程数",
    "Every CPU thread count in full. Off (the classroom view): the best CPU at each n, the fewest threads and the GPU curves, the other thread counts faded":
        "完整显示每个 CPU 线程数。关闭时（课堂视图）：显示每个 n 上的最佳 CPU、最少的线程数和 GPU 曲线，其他线程数淡化",
    "Dark line, %1.": "深色线，%1。",
    "other thread count": "个其他线程数",
    "other thread counts": "个其他线程数",
    "Faded: %1.": "淡化：%1。",
    "Faded: %1 (right-click ▸ All thread counts shows each in full).": "淡化：%1（右键 ▸ 所有线程数可完整显示每一个）。",
    # What-if panel
    "The most threads the CPU may use: at each n the fastest of its thread counts up to this one counts. A count not measured takes the nearest measured count's fixed cost, its rate growing with the threads until the bandwidth caps it":
        "CPU 最多可用的线程数：在每个 n 上取不超过此数的线程数中最快的。未测量的线程数取最接近的实测线程数的固定开销，其速率随线程数增长，直到被带宽限制",
    "&GPU FLOP rate:": "GPU 浮点速率(&G)：",
    "C&PU FLOP rate:": "CPU 浮点速率(&P)：",
    "The most threads the CPU may use: at each n the fastest of them counts": "CPU 最多可用的线程数：在每个 n 上取其中最快的",
    # Why there is no usable GPU (ui/datatexts.cpp: core's and cuda/'s sentences)
    "This build has no CUDA backend (built without CUDA): rebuild with the CUDA toolkit installed to use the GPU.":
        "此版本没有 CUDA 后端（未使用 CUDA 构建）：安装 CUDA 工具包后重新构建即可使用 GPU。",
    "No CUDA device was found.": "未找到 CUDA 设备。",
    "No NVIDIA driver was found (%1): install the NVIDIA driver to use the GPU.": "未找到 NVIDIA 驱动（%1）：安装 NVIDIA 驱动即可使用 GPU。",
    "No CUDA device was found (%1): check that the GPU is installed and visible to this process (CUDA_VISIBLE_DEVICES).":
        "未找到 CUDA 设备（%1）：请检查 GPU 是否已安装且对本进程可见（CUDA_VISIBLE_DEVICES）。",
    "; ": "；",
    "no common sizes to compare": "没有可比较的共同尺寸",
    "no crossover: the GPU is faster at every size (%1)": "无交叉点：GPU 在每个尺寸上都更快（%1）",
    "no crossover: the CPU is faster at every size (%1)": "无交叉点：CPU 在每个尺寸上都更快（%1）",
    "no crossover (%1)": "无交叉点（%1）",
    "; the fit predicts the CPU faster below n ≈ %1": "；拟合预测 n ≈ %1 以下 CPU 更快",
    "; the fit predicts the GPU faster above n ≈ %1": "；拟合预测 n ≈ %1 以上 GPU 更快",
    "Measuring: the dots are the sizes measured so far, joined by dotted lines; the sizes between them come next.":
        "正在测量：圆点是目前已测量的尺寸，以点线相连；它们之间的尺寸随后测量。",
    "The sizes were sorted, and %1 given twice was kept once.": "尺寸已排序，重复给出的 %1只保留一次。",
    "The sizes were sorted: a sweep runs them coarse to fine anyway.": "尺寸已排序：扫描本来就按由粗到细的顺序运行。",
    "“%1” is not a whole number: n stays %2.": "“%1”不是整数：n 保持为 %2。",
    "%1 memory %2 (spec sheet, not measured)": "%1 内存 %2（规格表数值，非实测）",
    "Dashed red: the GPU's memory bandwidth from its spec sheet (in the file), not measured: points above it were served from its L2 cache.":
        "红色虚线：文件中记载的 GPU 规格表内存带宽，并非实测；高于它的点由其 L2 缓存提供。",
    "No ceilings were calibrated on the machine that recorded these results, so its measured roofs are not known.":
        "录制这些结果的机器未校准性能上限，因此不知道它实测的屋顶线。",
    " GPU fused runs every iteration in one kernel, its data in registers: its bytes per second count what one kernel per iteration would move, not memory traffic, so it stands above every memory's bandwidth.":
        "GPU fused 在一个 kernel 中完成全部迭代，数据留在寄存器里：它的每秒字节数计的是每次迭代一个 kernel 时需要搬运的量，而非内存流量，因此高于任何内存的带宽。",
    "%1's %2 vs %3's best CPU": "%1 的 %2 对比 %3 的最佳 CPU",
    "%1's %2 vs its best CPU": "%1 的 %2 对比其最佳 CPU",
    "%1 vs A: %2": "%1 对比 A：%2",
    "Drawn: %1 of the %2 CPU thread counts, log-spaced from the fewest to the most; the best CPU and the table use every one.": "绘出：%2 个 CPU 线程数中的 %1 个，从最少到最多按对数间隔选取；最佳 CPU 与表格使用全部线程数。",
    " %1 measured again: another program held a core; %2 came out clean, %3 still disturbed (marked noisy).": " 重新测量了 %1：另一个程序占用了一个核心；%2 个结果干净，%3 个仍受干扰（标为噪声大）。",
    " %1 disturbed: another program held a core (marked noisy).": " %1 受到干扰：另一个程序占用了一个核心（标为噪声大）。",
    "disturbed %1 of %2 reps": "%2 次重复中 %1 次受干扰",
    "measured again \u00d7%1": "重新测量 ×%1",
    "%1: too few points for a model (%2).": "%1：点太少，无法建立模型（%2 个）。",
    "%1: no fixed cost and rate fit its %2 points (their times do not grow with the work in a way one cost model can describe).": "%1：没有一组固定开销与速率能拟合它的 %2 个点（其时间随工作量的增长方式无法用一个开销模型描述）。",
    "n = %1: no thread model fits these speedups (up to %2\u00d7 on %3 threads); the points are as measured.": "n = %1：没有线程模型能拟合这些加速比（%3 个线程时最高 %2 倍）；这些点按实测绘出。",
    "OpenMP threads &sleep at barriers (passive)": "OpenMP 线程在屏障处休眠（被动）(&S)",
    "From the next start, the CPU threads sleep while they wait at a barrier instead of spinning: they give a busy machine's cores back, but every barrier costs a wake-up (30 times slower at small sizes on a loaded 2-core machine)": "下次启动起，CPU 线程在屏障处等待时休眠而不是自旋：它们把繁忙机器的核心让出来，但每个屏障都要付出一次唤醒的代价（在负载较重的双核机器上，小尺寸时慢 30 倍）",
    "From the next start, the CPU threads sleep at barriers (passive).": "下次启动起，CPU 线程在屏障处休眠（被动）。",
    "From the next start, the CPU threads spin at barriers (active).": "下次启动起，CPU 线程在屏障处自旋（主动）。",
    "Grey rings: %1 during which another program held a core (the table marks them noisy and says how).": "灰色圆环：%1 测量期间另一个程序占用了一个核心（表格将其标为噪声大并说明原因）。",
    "%1: from n = %2 to %3 the time of %4 iterations moves %8 (%5 to %6) while the work grows %7-fold: it is not the time of the work.": "%1：从 n = %2 到 %3，%4 次迭代的时间只变化了 %8（%5 到 %6），而工作量增长了 %7 倍：这不是工作本身的时间。",
    "That is %1 a launch, %2 times the %3 a kernel launch costs on %4 (measured synchronised).": "这相当于每次启动 %1，是 %4 上一次内核启动所需 %3 的 %2 倍（同步实测）。",
    "%1: %2 iterations took %3 at n = %4 and %5 at n = %6.": "%1：%2 次迭代在 n = %4 时用时 %3，在 n = %6 时用时 %5。",
    "Read as the work's time, at n = %1 the %3 iterations move %2 (read b and write b: 2 × 4 bytes × %1² × %3); in %4 that would take %5.": "若当作工作的时间：在 n = %1 时，这 %3 次迭代要搬运 %2（读 b 并写 b：2 × 4 字节 × %1² × %3）；要在 %4 内完成，需要 %5。",
    "Read as the work's time, at n = %1 the iterations move %2; in %3 that would take %4.": "若当作工作的时间：在 n = %1 时，这些迭代要搬运 %2；要在 %3 内完成，需要 %4。",
    "No GPU's memory moves that much (spec sheets: %1).": "没有哪款 GPU 的显存能搬运这么多（规格表：%1）。",
    "Every GPU listed moves that much (spec sheets: %1).": "所列的每款 GPU 都能搬运这么多（规格表：%1）。",
    "By their spec sheets, %1 could not move that much; %2 could.": "按规格表，%1 无法搬运这么多；%2 可以。",
    "that GPU does the work in less time than the queueing took, so the queue, not the work, set the time shown": "这块 GPU 完成工作所用的时间比放入队列还短，所以决定所示时间的是队列，而不是工作",
    "the work takes longer than queueing it, so the time shown left the work out": "工作比放入队列更耗时，所以所示时间漏掉了工作本身",
    "The clock was read before the device was synchronised: a CUDA launch returns as soon as its kernel is queued, so the time is the host queueing %1 launches (%2 each), not the GPU doing the work. Synchronising (cudaStreamSynchronize, torch.cuda.synchronize()) waits until the queue has drained; once the queue is full, each launch waits for a free slot and the time grows towards the work's.": "计时在设备同步之前就读取了：CUDA 内核启动在内核进入队列后立即返回，所以这段时间是主机把 %1 次启动放入队列的时间（每次 %2），而不是 GPU 完成工作的时间。同步（cudaStreamSynchronize、torch.cuda.synchronize()）会等到队列排空；一旦队列已满，每次启动都要等待空位，时间便向工作本身的时间增长。",
    "Synchronised, the same %1 iterations take %2 at n = %3, %4 times the %6 shown (%5): %7.": "同步之后，同样的 %1 次迭代在 n = %3 时用时 %2，是所示 %6 的 %4 倍（%5）：%7。",
    "Synchronised, %1 takes %2 for them at n = %3, %4 times the %6 shown (%5): %7.": "同步之后，%1 在 n = %3 时完成它们用时 %2，是所示 %6 的 %4 倍（%5）：%7。",
    "No recording here times one GPU both ways; on a machine with an NVIDIA GPU, the Replay preset records the unsynchronised column beside the synchronised one.": "这里没有以两种方式为同一块 GPU 计时的录制；在装有 NVIDIA GPU 的机器上，“重现原始回答”预设会把未同步的一列与同步的一列并排记录。",
    "this run": "本次运行",
    "the H200 of the shipped example": "随附示例中的 H200",
    "Replay the original answer": "重现原始回答",
    "The experiment of the widely cited answer that timed b += b with PyTorch: n = 4, 40, 400 and 4000, 1000 iterations, the CPU with all its threads in one team (as PyTorch runs), and the GPU timed twice: as the answer timed it (the host clock read before the device is synchronised: the time to queue the launches) and synchronised (the time of the work). Open File ▸ Open example ▸ the published table to set the answer's own numbers beside yours.": "那个被广泛引用、用 PyTorch 为 b += b 计时的回答中的实验：n = 4、40、400 和 4000，1000 次迭代，CPU 以全部线程组成一个线程组（与 PyTorch 的运行方式相同），GPU 计时两次：按回答的方式计时（在设备同步之前读取主机时钟：即把启动放入队列的时间），以及同步后计时（工作本身的时间）。打开 文件 ▸ 打开示例 ▸ 已发表的表格，可将回答自己的数字与你的结果并列比较。",
    "The original answer's published table (another machine, GPU not synchronised)": "原始回答发表的表格（另一台机器，GPU 未同步）",
    "b += b, 1000 iterations, n = 4, 40, 400 and 4000, as the widely cited answer published it: seconds for the whole loop, measured on a machine it does not describe, its GPU column timed without synchronising the device. Drawn dashed beside your runs.": "b += b，1000 次迭代，n = 4、40、400 和 4000，与那个被广泛引用的回答所发表的一致：整个循环的秒数，在一台回答中未作描述的机器上测得，其 GPU 列在计时时没有同步设备。以虚线画在你的运行旁边。",
    "published with the original answer; another machine; GPU not synchronised": "随原始回答发表；另一台机器；GPU 未同步",
    "Timed as the original answer did: the GPU not synchronised": "按原始回答的方式计时：GPU 未同步",
    "Opened the original answer's published table as a reference run (dashed): another machine, its GPU column timed without synchronising the device.": "已将原始回答发表的表格作为参考运行打开（虚线）：另一台机器，其 GPU 列在计时时没有同步设备。",
    "The launches of launch mode, timed as the original answer did: the host's clock read before the device is synchronised, which is the time to queue the launches, not to run them; the time after synchronising is kept beside it. Never part of a crossover.": "与 launch 模式相同的内核启动，但按原始回答的方式计时：在设备同步之前读取主机时钟，得到的是把启动放入队列的时间，而不是运行它们的时间；同步之后的时间保存在旁边。从不参与交叉点的计算。",
    "%1: the time to queue the launches, read before the device was synchronised, not the time of the work; no crossover is taken from it (the Explain tab says why).": "%1：这是在设备同步之前读取的、把启动放入队列的时间，而不是工作的时间；不据此计算交叉点（“解释”页说明原因）。",
    "Why the original answer's GPU times were flat": "为什么原始回答中的 GPU 时间是平的",
    "<p>The answer this experiment comes from gave its GPU times in a table: 0.0431 s at n = 4 and 0.0446 s at n = 4000, <b>flat</b> while the work grew a million-fold: a time that does not grow with the work is not the work's. It is about 44 µs a launch, many times the few microseconds a launch costs when it is timed synchronised (Explain holds it against the shipped H200's).</p><p>Read as the work's time, it could not be: at n = 4000 the 1000 iterations move 2 × 4 bytes × 4000² × 1000 = 128 GB, and in 0.0446 s that would take <b>2.87 TB/s</b>, more than the spec sheet of an A100 (2.04 TB/s) allows; only the newest data-centre GPUs (H100, H200) move that much.</p><p>It read <code>time.time()</code> around the loop and never called <code>torch.cuda.synchronize()</code>. A CUDA launch is <b>asynchronous</b>: it puts the kernel in the GPU's queue and returns at once. So the clock measured the host queueing 1000 launches (about 44 µs each in Python), not the GPU doing the work. Synchronising waits until the queue has drained; only then is the work done. Once the queue is full, each launch waits for a free slot, and the time jumps towards the work's.</p><p>Choose <nobr>Sweep ▸ Presets ▸ Replay the original answer</nobr>: the GPU is timed both ways, <b>GPU launch, not synchronised</b> beside the synchronised <b>GPU launch</b>, and <nobr>File ▸ Open example</nobr> has the published table, drawn dashed.</p>": "<p>本实验所源自的那个回答发表了它的 GPU 时间：n = 4 时 0.0431 s，n = 4000 时 0.0446 s，工作量增长了一百万倍，时间却是<b>平的</b>：不随工作量增长的时间，不是工作本身的时间。它约合每次启动 44 µs，是同步计时下一次启动所需几微秒的许多倍（“解释”页把它与示例中 H200 的实测值对比）。</p><p>若把它当作工作的时间，那是不可能的：在 n = 4000 时，1000 次迭代要搬运 2 × 4 字节 × 4000² × 1000 = 128 GB，要在 0.0446 s 内完成需要 <b>2.87 TB/s</b>，超过 A100 规格表上的 2.04 TB/s；只有最新的数据中心 GPU（H100、H200）才能搬运这么多。</p><p>它在循环前后读取 <code>time.time()</code>，却从未调用 <code>torch.cuda.synchronize()</code>。CUDA 内核启动是<b>异步</b>的：它把内核放入 GPU 的队列后立即返回。所以时钟测到的是主机把 1000 次启动放入队列的时间（在 Python 中每次约 44 µs），而不是 GPU 完成工作的时间。同步会等到队列排空；只有那时工作才算完成。一旦队列已满，每次启动都要等待空位，时间便跳向工作本身的时间。</p><p>选择 <nobr>扫描 ▸ 预设 ▸ 重现原始回答</nobr>：GPU 会以两种方式计时，<b>GPU launch, not synchronised</b>（未同步）与同步的 <b>GPU launch</b> 并列；<nobr>文件 ▸ 打开示例</nobr> 中有已发表的表格，以虚线绘制。</p>",
    "<p><i>In the results shown now: %1</i></p>": "<p><i>在当前显示的结果中：%1</i></p>",
    "GPU launch, not synchronised": "GPU 内核启动，未同步",
    "CPU, threads not stated": "CPU，线程数未说明",
    "No cost model here: the GPU was timed without synchronising, and no CPU curve states its threads. The panel beside the chart says what the times show.":
        "此处没有成本模型：GPU 计时未同步，也没有注明线程数的 CPU 曲线。图旁的面板说明了这些时间表示什么。",
    "Whole loop": "整个循环",
    "The time of all the iterations of a repetition, as a loop timed around its whole length gives it (the original answer's table). Off: the time per iteration":
        "一次重复中所有迭代的总时间，即围绕整个循环计时所得（原始回答的表格即如此）。关闭：每次迭代的时间",
    "time of the whole loop vs n": "整个循环的耗时随 n 变化",
    "Time per iteration: the points shown ran different iteration counts, so no one whole loop can be plotted.":
        "每次迭代的时间：所显示的点运行的迭代次数不同，因此无法绘制统一的整个循环时间。",
    "time of %1 iterations (%2)": "%1 次迭代的耗时（%2）",
    "The original answer's published table is open already.": "原始回答发表的表格已经打开。",
    # Issue 34: OpenCL devices in the device list (SweepPanel)
    "%1 is OpenCL on the CPU: the same cores as the CPU curves, so no GPU crossover is marked against it. Its curves show what OpenCL's launches cost.":
        "%1 是运行在 CPU 上的 OpenCL：与 CPU 曲线使用相同的核心，因此不会针对它标出 GPU 交叉点。它的曲线显示的是 OpenCL 启动的开销。",
    "No usable CUDA GPU: %1": "没有可用的 CUDA GPU：%1",
    "GPU or OpenCL device": "GPU 或 OpenCL 设备",
    "A GPU in a laptop": "笔记本电脑里的 GPU",
    "<p>Most laptops have an Intel or AMD GPU built into the processor. SpeedupLab reaches it through OpenCL: install its driver (the README says which), and choose it in the Device list, where it is named <code>opencl:N</code>.</p><p>An <b>integrated GPU</b> shares the CPU's memory. Its copies to and from the host cost little, because the data never cross a bus; but on memory-bound work such as <code>b += b</code> it can move bytes no faster than the CPU's memory allows, so it may never overtake the CPU's threads there. Where it can win is arithmetic: try the gemm preset.</p><p><b>OpenCL on the CPU</b> (PoCL) is listed too. It runs on the same cores as the CPU curves, so it is no GPU and no crossover is marked against it; the gap between its curves and the CPU's is what OpenCL's launches cost.</p>":
        "<p>大多数笔记本电脑的处理器里集成了 Intel 或 AMD 的 GPU。SpeedupLab 通过 OpenCL 使用它：安装它的驱动（README 说明了是哪一个），然后在设备列表中选择它，它的名字是 <code>opencl:N</code>。</p><p><b>集成 GPU</b> 与 CPU 共享内存。它与主机之间的复制开销很小，因为数据从不经过总线；但在 <code>b += b</code> 这样受内存带宽限制的工作上，它搬运数据的速度不会超过 CPU 内存所允许的速度，因此在这里它可能永远追不上 CPU 的多线程。它能赢的地方是算术：试试 gemm 预设。</p><p><b>CPU 上的 OpenCL</b>（PoCL）也会列出。它与 CPU 曲线运行在相同的核心上，所以它不是 GPU，也不会针对它标出交叉点；它的曲线与 CPU 曲线之间的差距，就是 OpenCL 启动的开销。</p>",
    "No GPU curve here: the OpenCL device is the CPU itself, so these are the CPU curves' own models (dashed), and the panel beside the chart tells the OpenCL curves. Open a recorded GPU run (Ctrl+O) to see where a GPU overtakes them.":
        "这里没有 GPU 曲线：OpenCL 设备就是 CPU 本身，因此这些是 CPU 曲线自己的模型（虚线），图表旁的面板会说明 OpenCL 曲线。打开一次录制的 GPU 运行（Ctrl+O）即可看到 GPU 在何处超过它们。",
    " %1 runs on the CPU's own cores: its fixed cost is OpenCL's enqueueing and scheduling of the work, not a GPU's launch, and its bandwidth is the CPU's.":
        " %1 运行在 CPU 自己的核心上：它的固定开销是 OpenCL 对工作的入队和调度，而不是 GPU 的内核启动，它的带宽就是 CPU 的带宽。",
    " %1 is an integrated GPU: it shares the CPU's memory and its bandwidth, so on memory-bound work it moves bytes no faster than the CPU's memory allows, and its copies to and from the host cost little, because the data never cross a bus.":
        " %1 是集成 GPU：它与 CPU 共享内存及其带宽，因此在受内存带宽限制的工作上，它搬运数据的速度不会超过 CPU 内存所允许的速度；而它与主机之间的复制开销很小，因为数据从不经过总线。",
    "%1 copy": "%1 复制",
    "%1 FMA peak": "%1 FMA 峰值",
    "%1 launch": "%1 启动",
    "%1 sync round trip": "%1 同步往返",
    "%1 H2D pageable": "%1 H2D 可分页",
    "%1 H2D pinned": "%1 H2D 锁页",
    "%1 D2H pageable": "%1 D2H 可分页",
    "%1 D2H pinned": "%1 D2H 锁页",
    "Calibrating opencl:%1: copy bandwidth, FMA peak, launch latency and transfers\u2026":
        "正在校准 opencl:%1：复制带宽、FMA 峰值、启动延迟和传输\u2026",
    "opencl:%1 could not be calibrated: %2 The other ceilings are kept.": "无法校准 opencl:%1：%2 其他上限保留。",
    "(PoCL on the CPU)": "（CPU 上的 PoCL）",
    "(OpenCL on the CPU)": "（CPU 上的 OpenCL）",
    "%1 is OpenCL on the CPU, not a GPU: it runs on the same cores as the CPU curves, so no crossover is marked against it. The gap between its curves and the CPU's is what OpenCL's launches and runtime cost.":
        "%1 是运行在 CPU 上的 OpenCL，不是 GPU：它与 CPU 曲线使用相同的核心，因此不会针对它标出交叉点。它的曲线与 CPU 曲线之间的差距，就是 OpenCL 启动和运行时的开销。",
    "All %1 devices, in turn": "全部 %1 个设备，依次测量",
    # Issue 34: the code behind an OpenCL curve (SourceView)
    "%1 on %2, fused: all %3 iterations in one OpenCL kernel": "%1 在 %2 上，融合：全部 %3 次迭代在一个 OpenCL 内核中",
    "%1 on %2, %3 mode: %4 operations, each one enqueue of its OpenCL commands":
        "%1 在 %2 上，%3 模式：%4 次操作，每次将其 OpenCL 命令入队一次",
}

BY_CONTEXT = {
    # A thread count and where it wins ("1 个线程（直到 n = 71）"); a GPU and its spec-sheet rate.
    ("ExplainText", "%1 %2"): "%1（%2）",
}
