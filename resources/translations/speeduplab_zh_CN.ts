<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartAccessible</name>
    <message>
        <source>Data of the chart</source>
        <translation>图表数据</translation>
    </message>
    <message>
        <source>A row for each point of each curve: %1.</source>
        <translation>每条曲线的每个点一行：%1。</translation>
    </message>
    <message>
        <source>Curve</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>y</source>
        <translation>y</translation>
    </message>
</context>
<context>
    <name>ChartReadout</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>time per iteration %1 (middle half %2 – %3)</source>
        <translation>每次迭代耗时 %1（中间一半 %2 – %3）</translation>
    </message>
    <message>
        <source>CV %1 % over %2 repetitions</source>
        <translation>CV %1 %，共 %2 次重复</translation>
    </message>
    <message>
        <source>cost model (fixed cost + work / rate): %1</source>
        <translation>开销模型（固定开销 + 工作量 / 速率）：%1</translation>
    </message>
    <message>
        <source>fastest here: %1, %2 per iteration</source>
        <translation>此处最快：%1，每次迭代 %2</translation>
    </message>
    <message>
        <source>threads: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChartStyle</name>
    <message>
        <source>n (tensor edge; n × n fp32 elements)</source>
        <translation>n（张量边长；n × n 个 fp32 元素）</translation>
    </message>
</context>
<context>
    <name>DataTexts</name>
    <message>
        <source>throttled</source>
        <translation>降频</translation>
    </message>
    <message>
        <source>noisy</source>
        <translation>噪声大</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>Examples</name>
    <message>
        <source>b += b, the seed experiment: CPU 1 to 16 threads against the GPU</source>
        <translation>b += b，种子实验：CPU 1 到 16 个线程对比 GPU</translation>
    </message>
    <message>
        <source>n = 4 to 4000, 1000 iterations, every CPU thread count and the GPU&apos;s launch, graph and fused modes (speeduplab --headless --preset seed)</source>
        <translation>n = 4 到 4000，1000 次迭代，CPU 的每个线程数与 GPU 的 launch、graph、fused 模式（speeduplab --headless --preset seed）</translation>
    </message>
    <message>
        <source>b += b with the machine&apos;s measured ceilings</source>
        <translation>b += b，附该机器实测的性能上限</translation>
    </message>
    <message>
        <source>n = 4 to 4000, CPU 1 and 16 threads, every GPU mode, with the HBM, launch and transfer ceilings calibrated on that machine</source>
        <translation>n = 4 到 4000，CPU 1 和 16 个线程，每种 GPU 模式，附在该机器上校准的 HBM、启动与传输上限</translation>
    </message>
    <message>
        <source>b += b, CPU 1 and 16 threads against every GPU mode</source>
        <translation>b += b，CPU 1 和 16 个线程对比每种 GPU 模式</translation>
    </message>
    <message>
        <source>n = 4 to 4000 at 3 sizes a decade, 1000 iterations</source>
        <translation>n = 4 到 4000，每十倍 3 个尺寸，1000 次迭代</translation>
    </message>
    <message>
        <source>Reduction (sum), CPU 16 threads against the GPU</source>
        <translation>归约（求和），CPU 16 个线程对比 GPU</translation>
    </message>
    <message>
        <source>n = 1024, 4000 and 8192, 100 iterations</source>
        <translation>n = 1024、4000 和 8192，100 次迭代</translation>
    </message>
    <message>
        <source>n = 4000 (64 MB each way), 10 iterations</source>
        <translation>n = 4000（每个方向 64 MB），10 次迭代</translation>
    </message>
    <message>
        <source>an NVIDIA H200 with a 16-core Xeon, 30 Nov 2026</source>
        <translation>一台配 16 核 Xeon 的 NVIDIA H200，2026 年 11 月 30 日</translation>
    </message>
    <message>
        <source>example: %1</source>
        <translation>示例：%1</translation>
    </message>
    <message>
        <source>Copies between host and device, pageable and pinned</source>
        <translation>主机与设备间的复制，可分页与锁页</translation>
    </message>
</context>
<context>
    <name>ExplainText</name>
    <message>
        <source>kernel launch</source>
        <translation>内核启动</translation>
    </message>
    <message>
        <source>graph launch (per iteration)</source>
        <translation>图启动（每次迭代）</translation>
    </message>
    <message>
        <source>fixed cost (one launch shared by all iterations)</source>
        <translation>固定开销（所有迭代共用一次启动）</translation>
    </message>
    <message>
        <source>transfer set-up</source>
        <translation>传输准备</translation>
    </message>
    <message>
        <source>OpenMP fork/join</source>
        <translation>OpenMP fork/join</translation>
    </message>
    <message>
        <source>call and loop set-up</source>
        <translation>调用与循环准备</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOP</translation>
    </message>
    <message>
        <source>bytes moved</source>
        <translation>搬运的字节</translation>
    </message>
    <message>
        <source> (no calibrated ceiling to compare with: Sweep ▸ Calibrate measures it)</source>
        <translation>（没有可比较的校准上限：扫描 ▸ 校准 可测量）</translation>
    </message>
    <message>
        <source>n = %1–%2</source>
        <translation>n = %1–%2</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 中 %1</translation>
    </message>
    <message>
        <source> Smaller sizes ran at %1.</source>
        <translation>较小的规模运行于 %1。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>%1: flat at %2 per iteration over %3: the %4 is all there is at these sizes.</source>
        <translation>%1：在 %3 上每次迭代恒为 %2：在这些规模下只有%4。</translation>
    </message>
    <message>
        <source>%1: over the measured sizes (%2) the %3 %4 dominates; the work, at %5, would take over only above n ≈ %6.</source>
        <translation>%1：在所测规模（%2）内，%3 的%4占主导；以 %5 计的工作量要到 n ≈ %6 以上才会占主导。</translation>
    </message>
    <message>
        <source>measured: n ≈ %1</source>
        <translation>实测：n ≈ %1</translation>
    </message>
    <message>
        <source>no crossing measured</source>
        <translation>未测到交叉</translation>
    </message>
    <message>
        <source>%1: its model is faster than every CPU model at every size (%2): a fixed cost of %3 against the CPU&apos;s %4 (%5).</source>
        <translation>%1：其模型在所有规模上都快于每个 CPU 模型（%2）：固定开销 %3，CPU 为 %4（%5）。</translation>
    </message>
    <message>
        <source>%1: the models do not cross up to n = 10⁶: the CPU model stays faster (%2).</source>
        <translation>%1：模型在 n = 10⁶ 以内不相交：CPU 模型一直更快（%2）。</translation>
    </message>
    <message>
        <source>%1 overtakes the CPU (%2) at n ≈ %3 by the models (%4). Below, its %5 fixed cost loses to the CPU&apos;s %6; above, its %7 outruns the CPU&apos;s %8.</source>
        <translation>按模型，%1 在 n ≈ %3 处超过 CPU（%2）（%4）。在此以下，它 %5 的固定开销输给 CPU 的 %6；在此以上，它的 %7 超过 CPU 的 %8。</translation>
    </message>
    <message>
        <source>a CUDA graph submits the launches together</source>
        <translation>CUDA graph 一次提交所有启动</translation>
    </message>
    <message>
        <source>one kernel runs every iteration</source>
        <translation>一个内核完成所有迭代</translation>
    </message>
    <message>
        <source>another mode</source>
        <translation>另一种模式</translation>
    </message>
    <message>
        <source>so its model wins at every size</source>
        <translation>因此其模型在所有规模上都胜出</translation>
    </message>
    <message>
        <source>so the crossover moves from n ≈ %1 to n ≈ %2</source>
        <translation>因此交叉点从 n ≈ %1 移到 n ≈ %2</translation>
    </message>
    <message>
        <source>and the models no longer cross</source>
        <translation>模型不再相交</translation>
    </message>
    <message>
        <source>%1 (%2) changes the fixed cost from %3 to %4 per iteration (%5 % %6), %7.</source>
        <translation>%1（%2）把每次迭代的固定开销从 %3 变为 %4（%6 %5 %），%7。</translation>
    </message>
    <message>
        <source>less</source>
        <translation>减少</translation>
    </message>
    <message>
        <source>more</source>
        <translation>增加</translation>
    </message>
    <message>
        <source>%1 (%2) changes the rate from %3 to %4, %5.</source>
        <translation>%1（%2）把速率从 %3 变为 %4，%5。</translation>
    </message>
    <message>
        <source>n = %1: too few thread counts for a model.</source>
        <translation>n = %1：线程数太少，无法建立模型。</translation>
    </message>
    <message>
        <source> (calibrated: %1)</source>
        <translation>（校准值：%1）</translation>
    </message>
    <message>
        <source>the calibrated %1 ceiling (%2)</source>
        <translation>校准的 %1 上限（%2）</translation>
    </message>
    <message>
        <source>the best bandwidth measured (%1; no calibrated ceiling)</source>
        <translation>实测最佳带宽（%1；无校准上限）</translation>
    </message>
    <message>
        <source>at most %1×</source>
        <translation>至多 %1×</translation>
    </message>
    <message>
        <source>no limit in sight</source>
        <translation>看不到上限</translation>
    </message>
    <message>
        <source>; the bandwidth bound within %1</source>
        <translation>；带宽上限模型在 %1 以内</translation>
    </message>
    <message>
        <source>the GPU is faster at every size</source>
        <translation>GPU 在所有规模上都更快</translation>
    </message>
    <message>
        <source>the GPU overtakes the CPU at n ≈ %1</source>
        <translation>GPU 在 n ≈ %1 处超过 CPU</translation>
    </message>
    <message>
        <source>the GPU never overtakes the CPU</source>
        <translation>GPU 从未超过 CPU</translation>
    </message>
    <message>
        <source>With the measured models (GPU fixed cost %1, %2; %3): %4.</source>
        <translation>按实测模型（GPU 固定开销 %1，%2；%3）：%4。</translation>
    </message>
    <message>
        <source> The calibrated %1 ceiling (%2) caps them at %3×, and the points meet that bound within %4.</source>
        <translation>已校准的 %1 上限（%2）把它们限制在 %3×，测量点与该上限的偏差在 %4 以内。</translation>
    </message>
    <message>
        <source>n = %1: %2 run %3× as fast as 1 thread. Two thread counts cannot say why: Amdahl&apos;s law fits any two points (here with a serial fraction of %4 %).%5 Measure more thread counts (1, 2, 4, 8…) to tell serial code from a memory-bandwidth limit.</source>
        <translation>n = %1：%2 的速度是 1 个线程的 %3×。两个线程数无法说明原因：Amdahl 定律能拟合任意两个点（此处串行比例为 %4 %）。%5 请测量更多线程数（1、2、4、8…），以区分串行代码与内存带宽限制。</translation>
    </message>
    <message>
        <source>GPU fixed cost %1, %2; %3</source>
        <translation>GPU 固定开销 %1，%2；%3</translation>
    </message>
    <message>
        <source>What if (%1): still %2.</source>
        <translation>假设（%1）：仍然%2。</translation>
    </message>
    <message>
        <source>What if (%1): %2 (the measured models: %3).</source>
        <translation>假设（%1）：%2（实测模型：%3）。</translation>
    </message>
    <message>
        <source>%1: only %2 points (%3). A fixed cost and a rate pass through any two, so the model (%4 + work at %5) says nothing they do not, and predicts nothing beyond them. Measure more sizes to tell the fixed cost from the work.</source>
        <translation>%1：只有 %2 个点（%3）。固定开销加速率能穿过任意两个点，因此模型（%4 + 以 %5 完成的工作）说不出这些点之外的东西，也无法预测它们之外的尺寸。请测量更多尺寸，以区分固定开销与工作量。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 L2 cache</source>
        <translation>%1 L2 缓存</translation>
    </message>
    <message>
        <source>L2 cache</source>
        <translation>L2 缓存</translation>
    </message>
    <message>
        <source> (%1 % of the %2 ceiling calibrated on %3, %4)</source>
        <translation>（为在%3校准的 %2 上限 %4 的 %1 %）</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>the machine that recorded it</source>
        <translation>录制它的机器</translation>
    </message>
    <message>
        <source> (above the %1&apos;s %2 spec-sheet memory bandwidth: these sizes are served from its %3)</source>
        <translation>（高于 %1 规格表上 %2 的内存带宽：这些尺寸由其 %3 提供）</translation>
    </message>
    <message>
        <source> (%1 % of the %2&apos;s %3 spec-sheet memory bandwidth, not a measured ceiling)</source>
        <translation>（为 %2 规格表内存带宽 %3 的 %1 %，并非实测上限）</translation>
    </message>
    <message>
        <source> (no ceiling was calibrated on the machine that recorded it)</source>
        <translation>（录制它的机器未校准性能上限）</translation>
    </message>
    <message>
        <source>%1 from the %2 (above the %3&apos;s %4 spec-sheet memory bandwidth)</source>
        <translation>%1 来自 %2（高于 %3 规格表上 %4 的内存带宽）</translation>
    </message>
    <message>
        <source>%1: the models rest on too few points (%2) to place a crossover between the measured sizes (%3).</source>
        <translation>%1：模型所依据的点太少（%2 个），无法在实测尺寸之间确定交叉点（%3）。</translation>
    </message>
    <message>
        <source>%1 overtakes the CPU (%2) at n ≈ %3 by the models (%4). Below, its %5 fixed cost loses to the CPU, whose fixed cost is too small to measure; above, its %6 outruns the CPU&apos;s %7.</source>
        <translation>按模型，%1 在 n ≈ %3 处超过 CPU（%2）（%4）。在此以下，它 %5 的固定开销输给固定开销小到无法测量的 CPU；在此以上，它的 %6 胜过 CPU 的 %7。</translation>
    </message>
    <message>
        <source>best CPU</source>
        <translation>最佳 CPU</translation>
    </message>
    <message>
        <source>at every n</source>
        <translation>在每个 n</translation>
    </message>
    <message>
        <source>up to n = %1</source>
        <translation>直到 n = %1</translation>
    </message>
    <message>
        <source>from n = %1</source>
        <translation>从 n = %1 起</translation>
    </message>
    <message>
        <source>at n = %1</source>
        <translation>在 n = %1</translation>
    </message>
    <message>
        <source>at n = %1–%2</source>
        <translation>在 n = %1–%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1–%2 threads</source>
        <translation>%1–%2 个线程</translation>
    </message>
    <message>
        <source>%1 from n = %2</source>
        <translation>从 n = %2 起 %1</translation>
    </message>
    <message>
        <source>best CPU: %1</source>
        <translation>最佳 CPU：%1</translation>
    </message>
    <message>
        <source>n = %1: 1 thread is the fastest (%2).</source>
        <translation>n = %1：1 个线程最快（%2）。</translation>
    </message>
    <message>
        <source>n = %1: %2 are the fastest, %3× as fast as 1 thread.</source>
        <translation>n = %1：%2最快，是 1 个线程的 %3×。</translation>
    </message>
    <message>
        <source> From %1 on, every count is slower than 1 thread.</source>
        <translation>从 %1起，每个线程数都比 1 个线程慢。</translation>
    </message>
    <message>
        <source>Every other count is slower, %1 the slowest (%2): starting and joining the threads costs about %3%4, more than the work itself. Not Amdahl&apos;s law.</source>
        <translation>其他线程数都更慢，%1最慢（%2）：启动与汇合线程约需 %3%4，超过工作本身。这不是 Amdahl 定律。</translation>
    </message>
    <message>
        <source>Past the fastest, threads cost more than their share of the work: %1 take %2, and starting and joining them costs about %3%4. Not Amdahl&apos;s law.</source>
        <translation>超过最快的线程数后，线程的开销大于它们分担的工作：%1需 %2，启动与汇合约需 %3%4。这不是 Amdahl 定律。</translation>
    </message>
    <message>
        <source>Memory bandwidth runs out, not serial code: 1 thread moves %1, and %2 caps any number of threads at %3×. The bandwidth bound fits within %4, Amdahl&apos;s law within %5 (its serial fraction would read %6 %).</source>
        <translation>耗尽的是内存带宽，而不是串行代码：1 个线程搬运 %1，而 %2 把任意线程数的加速比限制在 %3×。带宽上限的拟合误差在 %4 以内，Amdahl 定律在 %5 以内（其串行比例将为 %6 %）。</translation>
    </message>
    <message>
        <source>Amdahl&apos;s law explains the points: a serial fraction of %1 %, so %2 (fits within %3%4).</source>
        <translation>Amdahl 定律能解释这些点：串行比例为 %1 %，因此%2（拟合误差在 %3 以内%4）。</translation>
    </message>
    <message>
        <source>the best CPU of %1 to %2</source>
        <translation>%1 到 %2中最佳的 CPU</translation>
    </message>
    <message>
        <source>the CPU with %1</source>
        <translation>使用%1的 CPU</translation>
    </message>
    <message>
        <source>%1: too few points for a model (%2).</source>
        <translation>%1：点太少，无法建立模型（%2 个）。</translation>
    </message>
    <message>
        <source>%1: no fixed cost and rate fit its %2 points (their times do not grow with the work in a way one cost model can describe).</source>
        <translation>%1：没有一组固定开销与速率能拟合它的 %2 个点（其时间随工作量的增长方式无法用一个开销模型描述）。</translation>
    </message>
    <message>
        <source>%1: %2 iterations took %3 at n = %4 and %5 at n = %6.</source>
        <translation>%1：%2 次迭代在 n = %4 时用时 %3，在 n = %6 时用时 %5。</translation>
    </message>
    <message>
        <source>The clock was read before the device was synchronised: a CUDA launch returns as soon as its kernel is queued, so the time is the host queueing %1 launches (%2 each), not the GPU doing the work. Synchronising (cudaStreamSynchronize, torch.cuda.synchronize()) waits until the queue has drained; once the queue is full, each launch waits for a free slot and the time grows towards the work&apos;s.</source>
        <translation>计时在设备同步之前就读取了：CUDA 内核启动在内核进入队列后立即返回，所以这段时间是主机把 %1 次启动放入队列的时间（每次 %2），而不是 GPU 完成工作的时间。同步（cudaStreamSynchronize、torch.cuda.synchronize()）会等到队列排空；一旦队列已满，每次启动都要等待空位，时间便向工作本身的时间增长。</translation>
    </message>
    <message>
        <source> %1 runs on the CPU&apos;s own cores: its fixed cost is OpenCL&apos;s enqueueing and scheduling of the work, not a GPU&apos;s launch, and its bandwidth is the CPU&apos;s.</source>
        <translation> %1 运行在 CPU 自己的核心上：它的固定开销是 OpenCL 对工作的入队和调度，而不是 GPU 的内核启动，它的带宽就是 CPU 的带宽。</translation>
    </message>
    <message>
        <source> %1 is an integrated GPU: it shares the CPU&apos;s memory and its bandwidth, so on memory-bound work it moves bytes no faster than the CPU&apos;s memory allows, and its copies to and from the host cost little, because the data never cross a bus.</source>
        <translation> %1 是集成 GPU：它与 CPU 共享内存及其带宽，因此在受内存带宽限制的工作上，它搬运数据的速度不会超过 CPU 内存所允许的速度；而它与主机之间的复制开销很小，因为数据从不经过总线。</translation>
    </message>
    <message>
        <source>from n ≈ %1 at %2</source>
        <translation>从 n ≈ %1 起为 %2</translation>
    </message>
    <message>
        <source> Then %1.</source>
        <translation>随后%1。</translation>
    </message>
    <message>
        <source>%1: from the smallest size measured, the time grows with the %2 at %3; no fixed cost is measurable.</source>
        <translation>%1：从所测最小规模起，时间随%2以 %3 增长；测不出固定开销。</translation>
    </message>
    <message>
        <source>%1: from the smallest size measured, the time grows with the %2 at %3; the %4 %5 would matter only below n ≈ %6.</source>
        <translation>%1：从所测最小规模起，时间随%2以 %3 增长；%4 的%5只在 n ≈ %6 以下才重要。</translation>
    </message>
    <message>
        <source>%1: up to n ≈ %2 the %3 %4 is most of each iteration&apos;s time; at n ≈ %2 the work takes as long, and above it the time grows with the %5 at %6.</source>
        <translation>%1：直到 n ≈ %2，每次迭代的时间大部分是 %3 的%4；在 n ≈ %2 处工作本身耗时相当，此后时间随%5以 %6 增长。</translation>
    </message>
    <message>
        <source>%1 of arithmetic (its data stay in registers)</source>
        <translation>%1 的算术（数据留在寄存器中）</translation>
    </message>
    <message>
        <source> But %1 of the %2 thread counts measured here are marked noisy or disturbed: too noisy to tell what limits the scaling. Measure again on a quiet machine.</source>
        <translation>但这里测得的 %2 个线程数中有 %1 个被标为噪声大或受干扰：噪声太大，无法判断是什么限制了扩展。请在空闲的机器上重新测量。</translation>
    </message>
    <message>
        <source> The model lies within ±%1 % of every thread count&apos;s point.</source>
        <translation>该模型与每个线程数的测量点相差都在 ±%1 % 以内。</translation>
    </message>
    <message>
        <source> No thread model fits these points within ±%1 % (the best-fitting one misses a point by %2 %): noise, where the threads ran, or the data moving to another memory level as the thread count changes can do that.</source>
        <translation>没有哪个线程模型能在 ±%1 % 以内拟合这些点（拟合最好的也有一个点偏差 %2 %）：噪声、线程运行的位置，或数据随线程数变化而移到另一级存储，都可能造成这种情况。</translation>
    </message>
    <message>
        <source> It grows with the team: about %1 for 2 threads, %2 for %3.</source>
        <translation>它随线程组变大而增长：2 个线程约 %1，%3约 %2。</translation>
    </message>
    <message>
        <source>%1: from n = %2 to %3 the time of %4 iterations moves %8 (%5 to %6) while the work grows %7-fold: it is not the time of the work.</source>
        <translation>%1：从 n = %2 到 %3，%4 次迭代的时间只变化了 %8（%5 到 %6），而工作量增长了 %7 倍：这不是工作本身的时间。</translation>
    </message>
    <message>
        <source>That is %1 a launch, %2 times the %3 a kernel launch costs on %4 (measured synchronised).</source>
        <translation>这相当于每次启动 %1，是 %4 上一次内核启动所需 %3 的 %2 倍（同步实测）。</translation>
    </message>
    <message>
        <source>Read as the work&apos;s time, at n = %1 the %3 iterations move %2 (read b and write b: 2 × 4 bytes × %1² × %3); in %4 that would take %5.</source>
        <translation>若当作工作的时间：在 n = %1 时，这 %3 次迭代要搬运 %2（读 b 并写 b：2 × 4 字节 × %1² × %3）；要在 %4 内完成，需要 %5。</translation>
    </message>
    <message>
        <source>Read as the work&apos;s time, at n = %1 the iterations move %2; in %3 that would take %4.</source>
        <translation>若当作工作的时间：在 n = %1 时，这些迭代要搬运 %2；要在 %3 内完成，需要 %4。</translation>
    </message>
    <message>
        <source>No GPU&apos;s memory moves that much (spec sheets: %1).</source>
        <translation>没有哪款 GPU 的显存能搬运这么多（规格表：%1）。</translation>
    </message>
    <message>
        <source>Every GPU listed moves that much (spec sheets: %1).</source>
        <translation>所列的每款 GPU 都能搬运这么多（规格表：%1）。</translation>
    </message>
    <message>
        <source>By their spec sheets, %1 could not move that much; %2 could.</source>
        <translation>按规格表，%1 无法搬运这么多；%2 可以。</translation>
    </message>
    <message>
        <source>that GPU does the work in less time than the queueing took, so the queue, not the work, set the time shown</source>
        <translation>这块 GPU 完成工作所用的时间比放入队列还短，所以决定所示时间的是队列，而不是工作</translation>
    </message>
    <message>
        <source>the work takes longer than queueing it, so the time shown left the work out</source>
        <translation>工作比放入队列更耗时，所以所示时间漏掉了工作本身</translation>
    </message>
    <message>
        <source>Synchronised, the same %1 iterations take %2 at n = %3, %4 times the %6 shown (%5): %7.</source>
        <translation>同步之后，同样的 %1 次迭代在 n = %3 时用时 %2，是所示 %6 的 %4 倍（%5）：%7。</translation>
    </message>
    <message>
        <source>Synchronised, %1 takes %2 for them at n = %3, %4 times the %6 shown (%5): %7.</source>
        <translation>同步之后，%1 在 n = %3 时完成它们用时 %2，是所示 %6 的 %4 倍（%5）：%7。</translation>
    </message>
    <message>
        <source>No recording here times one GPU both ways; on a machine with an NVIDIA GPU, the Replay preset records the unsynchronised column beside the synchronised one.</source>
        <translation>这里没有以两种方式为同一块 GPU 计时的录制；在装有 NVIDIA GPU 的机器上，“重现原始回答”预设会把未同步的一列与同步的一列并排记录。</translation>
    </message>
    <message>
        <source>%1 in %2 (there the fixed cost hides its rate: this is the next level&apos;s)</source>
        <translation>%2 中 %1（在那里固定开销掩盖了它自己的速率：这是下一层级的速率）</translation>
    </message>
    <message>
        <source>the best CPU (%1)</source>
        <translation>最佳 CPU（%1）</translation>
    </message>
    <message>
        <source>the cost models: n ≈ %1</source>
        <translation>成本模型：n ≈ %1</translation>
    </message>
    <message>
        <source>the cost models do not cross</source>
        <translation>成本模型不相交</translation>
    </message>
    <message>
        <source>%1 is faster than %2 at every size measured.</source>
        <translation>在测量的每个规模上，%1 都比%2快。</translation>
    </message>
    <message>
        <source>Its fixed cost, %1 per iteration, is no larger than the CPU&apos;s %2: nothing holds it back.</source>
        <translation>它每次迭代的固定开销 %1 不大于 CPU 的 %2：没有什么拖住它。</translation>
    </message>
    <message>
        <source>%1 does not overtake %2 at the sizes measured.</source>
        <translation>在测量的规模上，%1 没有超过%2。</translation>
    </message>
    <message>
        <source>%1 overtakes %2 at n ≈ %3, as measured (%4).</source>
        <translation>实测：%1 在 n ≈ %3 处超过%2（%4）。</translation>
    </message>
    <message>
        <source>%1 overtakes %2 at n ≈ %3 by the cost models; no crossing was measured.</source>
        <translation>按成本模型，%1 在 n ≈ %3 处超过%2；实测中没有交叉。</translation>
    </message>
    <message>
        <source>Below it the fixed cost decides: the GPU pays %1 per iteration whatever the size, the CPU %2.</source>
        <translation>在此以下，固定开销决定胜负：无论规模多大，GPU 每次迭代都要付出 %1，CPU 只需 %2。</translation>
    </message>
    <message>
        <source>Below it the fixed cost decides: the GPU pays %1 per iteration whatever the size, the CPU too little to measure.</source>
        <translation>在此以下，固定开销决定胜负：无论规模多大，GPU 每次迭代都要付出 %1，CPU 的固定开销小到无法测量。</translation>
    </message>
    <message>
        <source>Above it the rate decides: the GPU&apos;s %1 outruns the CPU&apos;s %2.</source>
        <translation>在此以上，速率决定胜负：GPU 的速率（%1）超过 CPU 的速率（%2）。</translation>
    </message>
    <message>
        <source>%1 is faster than %2 at every size measured (%3); by the cost models it overtakes below them, at n ≈ %4.</source>
        <translation>在测量的每个规模上（%3），%1 都比%2快；按成本模型，它在更小的规模、n ≈ %4 处超过。</translation>
    </message>
    <message>
        <source>%1 is slower than %2 at every size measured (%3); by the cost models it overtakes above them, at n ≈ %4.</source>
        <translation>在测量的每个规模上（%3），%1 都比%2慢；按成本模型，它在更大的规模、n ≈ %4 处超过。</translation>
    </message>
    <message>
        <source>From %1 threads the efficiency cores join: each adds about %2 of a performance core.</source>
        <translation>从 %1 个线程起能效核加入：每个约相当于 %2 个性能核。</translation>
    </message>
    <message>
        <source>From %1 threads the efficiency cores join (as placed).</source>
        <translation>从 %1 个线程起能效核加入（按放置方式）。</translation>
    </message>
    <message>
        <source>From %1 threads the threads share SMT siblings: each adds about %2 of what a core added on average before.</source>
        <translation>从 %1 个线程起，线程共用 SMT 兄弟线程：每个线程带来的提升约为此前每个核心平均提升的 %2。</translation>
    </message>
    <message>
        <source>From %1 threads the threads share SMT siblings (as placed).</source>
        <translation>从 %1 个线程起，线程共用 SMT 兄弟线程（按放置方式）。</translation>
    </message>
    <message>
        <source>%1 spends less energy than the CPU at every size with energy (%2)</source>
        <translation>在每个有能耗数据的规模上，%1 的能耗都低于 CPU（%2）</translation>
    </message>
    <message>
        <source>the CPU spends less energy than %1 at every size with energy (%2)</source>
        <translation>在每个有能耗数据的规模上，CPU 的能耗都低于 %1（%2）</translation>
    </message>
    <message>
        <source>%1 and the CPU spend the same energy within the counters&apos; reach (%2)</source>
        <translation>在计数器的精度内，%1 与 CPU 的能耗相同（%2）</translation>
    </message>
    <message>
        <source>%1 and the CPU spend about the same energy near n ≈ %2</source>
        <translation>在 n ≈ %2 附近，%1 与 CPU 的能耗大致相同</translation>
    </message>
    <message>
        <source>%1 spends less energy than the CPU above n ≈ %2</source>
        <translation>n ≈ %2 以上，%1 的能耗低于 CPU</translation>
    </message>
    <message>
        <source>%1 spends less energy than the CPU below n ≈ %2</source>
        <translation>n ≈ %2 以下，%1 的能耗低于 CPU</translation>
    </message>
    <message>
        <source>%1: up to n ≈ %2 each iteration costs the %3 %4: the host issues the next launch while the kernel before it runs, so the time is the larger of the two, not their sum. From n ≈ %2 the kernel takes longer than the launch, and the time grows with the %5 at %6.</source>
        <translation>%1：n ≈ %2 以下，每次迭代的时间是 %3 的%4：主机在上一个内核运行时就发出下一次启动，所以时间取两者中较大的一个，而不是两者之和。从 n ≈ %2 起，内核比启动耗时更长，时间随%5增长，速率为 %6。</translation>
    </message>
    <message>
        <source> Launches are queued: the host issues each while the kernel before it runs, so the time is the larger of the launch and the kernel, not their sum.</source>
        <translation>内核启动是排队的：主机在上一个内核运行时发出下一次启动，所以时间取启动与内核两者中较大的一个，而不是两者之和。</translation>
    </message>
    <message>
        <source> The model stands on %1 of the %2 points (n = %3–%4): %5 disturbed by another program were left out, and it is drawn only over the sizes it was fitted on.</source>
        <translation>模型建立在 %2 个点中的 %1 个上（n = %3–%4）：%5 个受其他程序干扰的点被排除，模型只画在拟合所用的规模范围内。</translation>
    </message>
    <message>
        <source>%1 meets the CPU (%2) at n ≈ %3 only where the models are carried beyond their points: the GPU model was fitted on n = %4–%5, the CPU model on n = %6–%7. That is an extrapolation, not a finding (%8).</source>
        <translation>%1 与 CPU（%2）在 n ≈ %3 相遇，但只是在模型超出其数据点的地方：GPU 模型拟合于 n = %4–%5，CPU 模型拟合于 n = %6–%7。这是外推，不是结论（%8）。</translation>
    </message>
    <message>
        <source>the cost models, carried beyond their points: n ≈ %1</source>
        <translation>成本模型（超出其数据点的外推）：n ≈ %1</translation>
    </message>
    <message>
        <source>No crossing of %1 and %2 was measured; their cost models meet only beyond the points they were fitted on (n ≈ %3), which is no finding.</source>
        <translation>未测到 %1 与 %2 的交叉；它们的成本模型只在拟合所用数据点之外相遇（n ≈ %3），这不是结论。</translation>
    </message>
    <message>
        <source>the GPU overtakes the CPU at n ≈ %1, beyond the sizes the models were fitted on (n = %2–%3): an extrapolation</source>
        <translation>GPU 在 n ≈ %1 超过 CPU，超出了模型拟合所用的规模（n = %2–%3）：这是外推</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1, %2 at the largest sizes</source>
        <translation>%1，最大规模时为 %2</translation>
    </message>
    <message>
        <source>as precise as asked</source>
        <translation>达到所要求的精度</translation>
    </message>
    <message>
        <source>the curves cross several times there, within their noise: more repetitions per point would tell them apart</source>
        <translation>两条曲线在那里于噪声范围内多次交叉：每个点更多的重复次数才能把它们区分开</translation>
    </message>
    <message>
        <source>more points do not narrow it: the noise of the points sets its width (more repetitions per point would)</source>
        <translation>更多的点不能使它变窄：点的噪声决定了它的宽度（每个点更多的重复次数才可以）</translation>
    </message>
    <message>
        <source>the sizes around it are whole numbers next to each other</source>
        <translation>它两侧的尺寸已是相邻的整数</translation>
    </message>
    <message>
        <source>the new points leave the curves within each other&apos;s noise there</source>
        <translation>新的点表明两条曲线在那里处于彼此的噪声范围之内</translation>
    </message>
    <message>
        <source>its budget of %1 was spent first</source>
        <translation>先用完了 %1 的预算</translation>
    </message>
    <message>
        <source>the sweep was stopped first</source>
        <translation>扫描先被停止了</translation>
    </message>
    <message>
        <source>no point was added for it</source>
        <translation>没有为它增加任何点</translation>
    </message>
    <message>
        <source>%1 and %2: no crossover is left there</source>
        <translation>%1 与 %2：那里已没有交叉点</translation>
    </message>
    <message>
        <source>%1 and %2 meet at n ≈ %3%4</source>
        <translation>%1 与 %2 在 n ≈ %3%4 处相交</translation>
    </message>
    <message>
        <source>%1 faster than %2 above n ≈ %3%4, %2 faster below</source>
        <translation>n ≈ %3%4 以上 %1 比 %2 快，以下 %2 更快</translation>
    </message>
    <message>
        <source>Refined to ±%1 %: %2; %3 (%4 added).</source>
        <translation>细化到 ±%1 %：%2；%3（增加了 %4）。</translation>
    </message>
    <message>
        <source>registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>FMA peak</source>
        <translation>FMA 峰值</translation>
    </message>
    <message>
        <source> (%1 % of the %2 ceiling for %3, %4, calibrated on %5)</source>
        <translation>（为在%5校准的 %2 %3上限 %4 的 %1 %）</translation>
    </message>
    <message>
        <source>reads only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>data read and written back</source>
        <translation>读后写回</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n 个点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <source>Could not write %1: %2. Choose another folder or file name.</source>
        <translation>无法写入 %1：%2。请选择其他文件夹或文件名。</translation>
    </message>
    <message>
        <source>%1. Choose another folder or file name.</source>
        <translation>%1。请选择其他文件夹或文件名。</translation>
    </message>
    <message>
        <source>The image size %1 x %2 is not possible: choose 16 to 16384 pixels per side.</source>
        <translation>图像尺寸 %1 x %2 不可用：每边请选择 16 到 16384 像素。</translation>
    </message>
    <message>
        <source>the PNG encoder failed</source>
        <translation>PNG 编码器出错</translation>
    </message>
    <message>
        <source>SpeedupLab chart</source>
        <translation>SpeedupLab 图表</translation>
    </message>
    <message>
        <source>the SVG generator could not start</source>
        <translation>SVG 生成器无法启动</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <source>Open results</source>
        <translation>打开结果</translation>
    </message>
    <message>
        <source>Results (*.csv *.json);;CSV (*.csv);;JSON (*.json);;All files (*)</source>
        <translation>结果文件 (*.csv *.json);;CSV (*.csv);;JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>Workspaces and runs files (*.json);;All files (*)</source>
        <translation>工作区和运行文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save workspace</source>
        <translation>保存工作区</translation>
    </message>
    <message>
        <source>Workspace (*.json)</source>
        <translation>工作区 (*.json)</translation>
    </message>
    <message>
        <source>Overlay reference run</source>
        <translation>叠加参考运行</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Save data</source>
        <translation>保存数据</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Results (*.csv *.json *.html);;CSV (*.csv);;JSON (*.json);;Reports (*.html);;All files (*)</source>
        <translation>结果 (*.csv *.json *.html);;CSV (*.csv);;JSON (*.json);;报告 (*.html);;所有文件 (*)</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>CPU triad</source>
        <translation>CPU triad 带宽</translation>
    </message>
    <message>
        <source>CPU L1</source>
        <translation>CPU L1</translation>
    </message>
    <message>
        <source>CPU L2</source>
        <translation>CPU L2</translation>
    </message>
    <message>
        <source>CPU L3</source>
        <translation>CPU L3</translation>
    </message>
    <message>
        <source>CPU FMA peak</source>
        <translation>CPU FMA 峰值</translation>
    </message>
    <message>
        <source>CPU GEMM</source>
        <translation>CPU GEMM</translation>
    </message>
    <message>
        <source>CPU parallel region</source>
        <translation>CPU 并行区域开销</translation>
    </message>
    <message>
        <source>GPU copy</source>
        <translation>GPU 拷贝</translation>
    </message>
    <message>
        <source>GPU L2</source>
        <translation>GPU L2</translation>
    </message>
    <message>
        <source>GPU FMA peak</source>
        <translation>GPU FMA 峰值</translation>
    </message>
    <message>
        <source>GPU H2D pageable</source>
        <translation>GPU H2D（可分页）</translation>
    </message>
    <message>
        <source>GPU H2D pinned</source>
        <translation>GPU H2D（锁页）</translation>
    </message>
    <message>
        <source>GPU D2H pageable</source>
        <translation>GPU D2H（可分页）</translation>
    </message>
    <message>
        <source>GPU D2H pinned</source>
        <translation>GPU D2H（锁页）</translation>
    </message>
    <message>
        <source>GPU launch</source>
        <translation>GPU 内核启动</translation>
    </message>
    <message>
        <source>GPU sync round trip</source>
        <translation>GPU 同步往返</translation>
    </message>
    <message>
        <source>GPU cuBLAS</source>
        <translation>GPU cuBLAS</translation>
    </message>
    <message>
        <source>GPU cuBLAS TF32</source>
        <translation>GPU cuBLAS TF32</translation>
    </message>
    <message>
        <source>GPU H2D + D2H pinned</source>
        <translation>GPU H2D + D2H（锁页）</translation>
    </message>
    <message>
        <source>GPU H2D + D2H pageable</source>
        <translation>GPU H2D + D2H（可分页）</translation>
    </message>
    <message>
        <source>%1, 1 thread</source>
        <translation>%1，1 个线程</translation>
    </message>
    <message>
        <source>%1, %2 threads</source>
        <translation>%1，%2 个线程</translation>
    </message>
    <message>
        <source>Calibrating the CPU with 1 thread</source>
        <translation>正在以 1 个线程校准 CPU</translation>
    </message>
    <message>
        <source>Calibrating the CPU with %1 threads</source>
        <translation>正在以 %1 个线程校准 CPU</translation>
    </message>
    <message>
        <source>: parallel-region cost, FMA peak and the bandwidth of each cache level and DRAM per thread count, GEMM FLOP/s…</source>
        <translation>：并行区域开销、FMA 峰值、各线程数下每级缓存和 DRAM 的带宽、GEMM FLOP/s…</translation>
    </message>
    <message>
        <source>Calibrating GPU %1: copy and transfer bandwidth, launch latency, L2 bandwidth, FMA peak, cuBLAS GEMM FLOP/s…</source>
        <translation>正在校准 GPU %1：拷贝与传输带宽、启动延迟、L2 带宽、FMA 峰值、cuBLAS GEMM FLOP/s…</translation>
    </message>
    <message>
        <source>The GPU was not calibrated: %1</source>
        <translation>未校准 GPU：%1</translation>
    </message>
    <message>
        <source>GPU %1 could not be calibrated: %2 The CPU ceilings are kept.</source>
        <translation>无法校准 GPU %1：%2 CPU 的性能上限已保留。</translation>
    </message>
    <message>
        <source>GPU cuBLAS FP16</source>
        <translation>GPU cuBLAS FP16</translation>
    </message>
    <message>
        <source>GPU cuBLAS BF16</source>
        <translation>GPU cuBLAS BF16</translation>
    </message>
    <message>
        <source>GPU %1&apos;s cuBLAS ceilings were not measured: %2 Its other ceilings are kept.</source>
        <translation>未测得 GPU %1 的 cuBLAS 性能上限：%2 它的其他性能上限已保留。</translation>
    </message>
    <message>
        <source>%1 copy</source>
        <translation>%1 复制</translation>
    </message>
    <message>
        <source>%1 FMA peak</source>
        <translation>%1 FMA 峰值</translation>
    </message>
    <message>
        <source>%1 launch</source>
        <translation>%1 启动</translation>
    </message>
    <message>
        <source>%1 sync round trip</source>
        <translation>%1 同步往返</translation>
    </message>
    <message>
        <source>%1 H2D pageable</source>
        <translation>%1 H2D 可分页</translation>
    </message>
    <message>
        <source>%1 H2D pinned</source>
        <translation>%1 H2D 锁页</translation>
    </message>
    <message>
        <source>%1 D2H pageable</source>
        <translation>%1 D2H 可分页</translation>
    </message>
    <message>
        <source>%1 D2H pinned</source>
        <translation>%1 D2H 锁页</translation>
    </message>
    <message>
        <source> (no crossover resolved: the curves cross %1 times in n %2–%3, within their noise)</source>
        <translation>（未分辨出交叉点：两条曲线在 n %2–%3 内交叉 %1 次，都在噪声之内）</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>%1 dispatch</source>
        <translation>%1 派发</translation>
    </message>
    <message>
        <source>Calibrating %1: copy bandwidth, FMA peak, launch latency and transfers…</source>
        <translation>正在校准 %1：复制带宽、FMA 峰值、启动延迟和传输…</translation>
    </message>
    <message>
        <source>%1 could not be calibrated: %2 The other ceilings are kept.</source>
        <translation>无法校准 %1：%2 其他上限保留。</translation>
    </message>
    <message>
        <source>CPU DRAM</source>
        <translation>CPU 内存（DRAM）</translation>
    </message>
    <message>
        <source>%1, reads only</source>
        <translation>%1，只读</translation>
    </message>
    <message>
        <source>%1, read and written back</source>
        <translation>%1，读后原地写回</translation>
    </message>
    <message>
        <source>%1 working set measured</source>
        <translation>%1 测量所用工作集</translation>
    </message>
    <message>
        <source>%1 reach (faster than the next level up to)</source>
        <translation>%1 覆盖范围（在此之内快于下一级）</translation>
    </message>
</context>
<context>
    <name>GpuReasons</name>
    <message>
        <source>This build has no CUDA backend (built without CUDA): rebuild with the CUDA toolkit installed to use the GPU.</source>
        <translation>此版本没有 CUDA 后端（未使用 CUDA 构建）：安装 CUDA 工具包后重新构建即可使用 GPU。</translation>
    </message>
    <message>
        <source>No CUDA device was found.</source>
        <translation>未找到 CUDA 设备。</translation>
    </message>
    <message>
        <source>No NVIDIA driver was found (%1): install the NVIDIA driver to use the GPU.</source>
        <translation>未找到 NVIDIA 驱动（%1）：安装 NVIDIA 驱动即可使用 GPU。</translation>
    </message>
    <message>
        <source>No CUDA device was found (%1): check that the GPU is installed and visible to this process (CUDA_VISIBLE_DEVICES).</source>
        <translation>未找到 CUDA 设备（%1）：请检查 GPU 是否已安装且对本进程可见（CUDA_VISIBLE_DEVICES）。</translation>
    </message>
    <message>
        <source>The NVIDIA driver supports CUDA %1, older than the CUDA %2 SpeedupLab was built with (%3): update the NVIDIA driver to use the GPU.</source>
        <translation>NVIDIA 驱动支持的 CUDA %1 早于构建 SpeedupLab 所用的 CUDA %2（%3）：更新 NVIDIA 驱动即可使用 GPU。</translation>
    </message>
    <message>
        <source>The CUDA runtime could not list the GPUs (%1): check the NVIDIA driver installation.</source>
        <translation>CUDA 运行时无法列出 GPU（%1）：请检查 NVIDIA 驱动的安装。</translation>
    </message>
</context>
<context>
    <name>HtmlReport</name>
    <message>
        <source>What was measured, and where</source>
        <translation>测量了什么，在哪里测量</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>测量条件</translation>
    </message>
    <message>
        <source>a reference run of another tool</source>
        <translation>另一工具的参考运行</translation>
    </message>
    <message>
        <source>CPU: %1, %2 hardware threads</source>
        <translation>CPU：%1，%2 个硬件线程</translation>
    </message>
    <message>
        <source>memory: %1</source>
        <translation>内存：%1</translation>
    </message>
    <message>
        <source>GPU %1: %2, %3, compute capability %4</source>
        <translation>GPU %1：%2，%3，计算能力 %4</translation>
    </message>
    <message>
        <source>no CUDA GPU: %1</source>
        <translation>没有 CUDA GPU：%1</translation>
    </message>
    <message>
        <source>driver %1, runtime %2</source>
        <translation>驱动 %1，运行时 %2</translation>
    </message>
    <message>
        <source>measured %1</source>
        <translation>测量于 %1</translation>
    </message>
    <message>
        <source>build: %1</source>
        <translation>构建：%1</translation>
    </message>
    <message>
        <source>CPU kernels: %1</source>
        <translation>CPU 内核：%1</translation>
    </message>
    <message>
        <source>BLAS: %1</source>
        <translation>BLAS：%1</translation>
    </message>
    <message>
        <source>The note, as text</source>
        <translation>注释（文本）</translation>
    </message>
    <message>
        <source>The lesson on one slide</source>
        <translation>一页幻灯片讲清楚</translation>
    </message>
    <message>
        <source>The charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Why the curves are where they are</source>
        <translation>曲线为什么在那里</translation>
    </message>
    <message>
        <source>Crossovers</source>
        <translation>交叉点</translation>
    </message>
    <message>
        <source>No GPU curve is held against a CPU curve in these results.</source>
        <translation>这些结果中没有可与 CPU 曲线对比的 GPU 曲线。</translation>
    </message>
    <message>
        <source>GPU curve</source>
        <translation>GPU 曲线</translation>
    </message>
    <message>
        <source>CPU curve</source>
        <translation>CPU 曲线</translation>
    </message>
    <message>
        <source>Where the faster side changes</source>
        <translation>快慢在哪里易位</translation>
    </message>
    <message>
        <source>A against B: run A&apos;s best CPU against each GPU curve of run B</source>
        <translation>A 对 B：运行 A 的最佳 CPU 对运行 B 的每条 GPU 曲线</translation>
    </message>
    <message>
        <source>The data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>%1 measurements: show the table</source>
        <translation>%1 个测量：显示表格</translation>
    </message>
    <message>
        <source>Curve</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Time per iteration (median)</source>
        <translation>每次迭代时间（中位数）</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Repetitions</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>The first %1 of %2 rows; the results embedded in this file hold them all.</source>
        <translation>%2 行中的前 %1 行；本文件内嵌的结果包含全部。</translation>
    </message>
    <message>
        <source>SpeedupLab report</source>
        <translation>SpeedupLab 报告</translation>
    </message>
    <message>
        <source>SpeedupLab report: %1</source>
        <translation>SpeedupLab 报告：%1</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the report&apos;s language, as HTML&apos;s lang attribute</comment>
        <translation>zh-CN</translation>
    </message>
    <message>
        <source>Made by SpeedupLab %1 on %2, from %3.</source>
        <translation>由 SpeedupLab %1 于 %2 生成，基于 %3。</translation>
    </message>
    <message>
        <source>The results are empty: there is nothing to report.</source>
        <translation>结果为空：没有可报告的内容。</translation>
    </message>
    <message>
        <source>recorded by %1</source>
        <translation>记录程序：%1</translation>
    </message>
    <message>
        <source>Where the GPU spends less energy</source>
        <translation>GPU 在哪里能耗更低</translation>
    </message>
    <message>
        <source>CV %</source>
        <translation>CV %</translation>
    </message>
    <message>
        <source>Where more threads overtake 1 thread</source>
        <translation>更多线程在哪里超过 1 个线程</translation>
    </message>
    <message>
        <source>Refined crossovers</source>
        <translation>细化后的交叉点</translation>
    </message>
    <message>
        <source>The table of the %1 measurements is in this page: open it in a browser and unfold it. SpeedupLab opens the page as results.</source>
        <translation>%1 次测量的表格就在本页中：请在浏览器中打开并展开它。SpeedupLab 也能把本页作为结果打开。</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s)</source>
        <translation>
            <numerusform>%n 次测量</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Narrator</name>
    <message>
        <source>Where the GPU overtakes the CPU, by the models</source>
        <translation>按模型，GPU 在何处超过 CPU</translation>
    </message>
    <message>
        <source>What each curve&apos;s time is made of</source>
        <translation>每条曲线的时间由什么构成</translation>
    </message>
    <message>
        <source>How the CPU threads scale</source>
        <translation>CPU 线程如何扩展</translation>
    </message>
    <message>
        <source>At each n, the %1.</source>
        <translation>在每个 n 上，%1。</translation>
    </message>
    <message>
        <source>Where the GPU spends less energy</source>
        <translation>GPU 在哪里能耗更低</translation>
    </message>
    <message>
        <source>the GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Each device&apos;s own counters, over its points&apos; repetitions: the CPU package (RAPL), the GPU board (NVML). The GPU spends less only where its speedup is larger than its board&apos;s power over the CPU package&apos;s: a GPU that finishes first can still spend more.</source>
        <translation>每个设备自己的计数器，在其各点的重复中计量：CPU 封装（RAPL）、GPU 板卡（NVML）。只有当 GPU 的加速比大于其板卡功率与 CPU 封装功率之比时，GPU 的能耗才更低：先完成的 GPU 仍可能耗能更多。</translation>
    </message>
    <message>
        <source>No energy was measured: %1.</source>
        <translation>没有测得能耗：%1。</translation>
    </message>
    <message>
        <source>Timed as the original answer did: the GPU not synchronised</source>
        <translation>按原始回答的方式计时：GPU 未同步</translation>
    </message>
    <message>
        <source>this run</source>
        <translation>本次运行</translation>
    </message>
    <message>
        <source>No cost models: they hold a GPU curve against the CPU&apos;s, and this run has no GPU curve.</source>
        <translation>没有成本模型：成本模型将 GPU 曲线与 CPU 曲线对比，而这次运行没有 GPU 曲线。</translation>
    </message>
    <message>
        <source>Too few points for cost models: %1 was measured at one size, and a model needs two or more.</source>
        <translation>点太少，无法建立成本模型：%1 只在一个规模上测量过，而模型至少需要两个规模。</translation>
    </message>
    <message>
        <source>No cost model for %1: its points state no work (bytes or FLOPs per operation), so no rate can be fitted to them.</source>
        <translation>%1 没有成本模型：它的点没有给出工作量（每次操作的字节数或 FLOP 数），因此无法拟合速率。</translation>
    </message>
    <message>
        <source>No cost model for %1: over its %2 sizes its times do not grow with the work (a fixed cost alone, or noise), so there is no rate to fit.</source>
        <translation>%1 没有成本模型：在它的 %2 个规模上，时间不随工作量增长（只有固定开销，或是噪声），因此没有可拟合的速率。</translation>
    </message>
    <message>
        <source>Too few points for cost models.</source>
        <translation>点太少，无法建立成本模型。</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>Matrix multiply</source>
        <translation>矩阵乘法</translation>
    </message>
    <message>
        <source>C = A*B, n = 16 to 2048 (3 per decade), powers-of-two thread counts: compute-bound, where the GPU wins early and by far. Capped at 5 minutes.</source>
        <translation>C = A*B，n = 16 到 2048（每十倍 3 个），线程数取 2 的幂：计算受限，GPU 很早就胜出且优势巨大。限时 5 分钟。</translation>
    </message>
    <message>
        <source>Quick look</source>
        <translation>快速一览</translation>
    </message>
    <message>
        <source>The seed experiment, lighter: n = 4 to 2000 (2 per decade), 100 iterations, powers-of-two thread counts. Runs in seconds; good for a first demo.</source>
        <translation>种子实验的轻量版：n = 4 到 2000（每十倍 2 个），100 次迭代，线程数取 2 的幂。几秒即可完成，适合首次演示。</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>归约</translation>
    </message>
    <message>
        <source>The sum of all elements, n = 16 to 4096 (3 per decade), powers-of-two thread counts: reads everything, writes one number.</source>
        <translation>所有元素之和，n = 16 到 4096（每十倍 3 个），线程数取 2 的幂：读取全部数据，只写出一个数。</translation>
    </message>
    <message>
        <source>SAXPY streaming</source>
        <translation>SAXPY 流式计算</translation>
    </message>
    <message>
        <source>y = a*x + y, n = 16 to 4096 (3 per decade), powers-of-two thread counts: a bandwidth-bound kernel with two inputs.</source>
        <translation>y = a*x + y，n = 16 到 4096（每十倍 3 个），线程数取 2 的幂：有两个输入的带宽受限内核。</translation>
    </message>
    <message>
        <source>Prefix sum (scan)</source>
        <translation>前缀和（scan）</translation>
    </message>
    <message>
        <source>The running sum of all n x n elements as one sequence (torch.cumsum), n = 16 to 4096 (3 per decade). Serial work suits the GPU badly: the CPU&apos;s scan is one dependent chain (more threads cannot help, so it runs on one), and the GPU&apos;s naive rows variant gives each row to one thread and the row totals to a single thread, leaving most of the GPU idle. CUB&apos;s parallel scan changes the algorithm, not the hardware, and the GPU wins again.</source>
        <translation>把全部 n x n 个元素视为一个序列求累加和（torch.cumsum），n = 16 到 4096（每十倍 3 个）。串行的工作不适合 GPU：CPU 的 scan 是一条相互依赖的链（更多线程无济于事，因此只用一个线程），而 GPU 朴素的 rows 变体让每个线程负责一行、再由单个线程累加各行总和，GPU 大部分处于空闲。CUB 的并行 scan 改变的是算法而不是硬件，GPU 便再次胜出。</translation>
    </message>
    <message>
        <source>Seed experiment</source>
        <translation>种子实验</translation>
    </message>
    <message>
        <source>b += b on an n x n tensor, n = 4 to 4000 (4 per decade), 1000 iterations, every CPU thread count and every GPU mode: where does the GPU overtake the CPU?</source>
        <translation>在 n x n 张量上执行 b += b，n = 4 到 4000（每十倍 4 个），1000 次迭代，所有 CPU 线程数和所有 GPU 模式：GPU 在哪里超越 CPU？</translation>
    </message>
    <message>
        <source>Sparse matrix times vector (spmv)</source>
        <translation>稀疏矩阵乘向量（spmv）</translation>
    </message>
    <message>
        <source>y = A x with A sparse: n*n rows, 8 nonzeros per row at random columns (CSR), x the n x n tensor, n = 16 to 2048 (3 per decade), powers-of-two thread counts, cuSPARSE and a one-thread-per-row kernel on the GPU. Every nonzero is used once and x is read at scattered places: two FLOPs per 13 bytes and no reuse, so the GPU must win on bandwidth alone, and its fixed costs take a large n to pay off. See where the crossover lands.</source>
        <translation>y = A x，A 为稀疏矩阵：n*n 行，每行在随机列上有 8 个非零元（CSR），x 为 n x n 张量，n = 16 到 2048（每十倍 3 个），线程数取 2 的幂，GPU 上为 cuSPARSE 和每行一个线程的内核。每个非零元只用一次，x 在分散的位置读取：每 13 字节 2 次浮点运算且没有复用，因此 GPU 只能靠带宽取胜，其固定开销需要很大的 n 才能摊平。看看交叉点落在哪里。</translation>
    </message>
    <message>
        <source>Host-device transfers</source>
        <translation>主机与设备间传输</translation>
    </message>
    <message>
        <source>Copies the tensor to the GPU and back (pinned host memory), n = 16 to 4096 (3 per decade); on the CPU, memory to memory. What does moving the data cost?</source>
        <translation>把张量复制到 GPU 再复制回来（锁页主机内存），n = 16 到 4096（每十倍 3 个）；在 CPU 上为内存到内存的复制。移动数据要花多少代价？</translation>
    </message>
    <message>
        <source>Replay the original answer</source>
        <translation>重现原始回答</translation>
    </message>
    <message>
        <source>The experiment of the widely cited answer that timed b += b with PyTorch: n = 4, 40, 400 and 4000, 1000 iterations, the CPU with all its threads in one team (as PyTorch runs), and the GPU timed twice: as the answer timed it (the host clock read before the device is synchronised: the time to queue the launches) and synchronised (the time of the work). Open File ▸ Open example ▸ the published table to set the answer&apos;s own numbers beside yours.</source>
        <translation>那个被广泛引用、用 PyTorch 为 b += b 计时的回答中的实验：n = 4、40、400 和 4000，1000 次迭代，CPU 以全部线程组成一个线程组（与 PyTorch 的运行方式相同），GPU 计时两次：按回答的方式计时（在设备同步之前读取主机时钟：即把启动放入队列的时间），以及同步后计时（工作本身的时间）。打开 文件 ▸ 打开示例 ▸ 已发表的表格，可将回答自己的数字与你的结果并列比较。</translation>
    </message>
</context>
<context>
    <name>PublishedTable</name>
    <message>
        <source>The original answer&apos;s published table (another machine, GPU not synchronised)</source>
        <translation>原始回答发表的表格（另一台机器，GPU 未同步）</translation>
    </message>
    <message>
        <source>b += b, 1000 iterations, n = 4, 40, 400 and 4000, as the widely cited answer published it: seconds for the whole loop, measured on a machine it does not describe, its GPU column timed without synchronising the device. Drawn dashed beside your runs.</source>
        <translation>b += b，1000 次迭代，n = 4、40、400 和 4000，与那个被广泛引用的回答所发表的一致：整个循环的秒数，在一台回答中未作描述的机器上测得，其 GPU 列在计时时没有同步设备。以虚线画在你的运行旁边。</translation>
    </message>
    <message>
        <source>published with the original answer; another machine; GPU not synchronised</source>
        <translation>随原始回答发表；另一台机器；GPU 未同步</translation>
    </message>
</context>
<context>
    <name>SeriesWords</name>
    <message>
        <source>CPU %1 thread</source>
        <translation>CPU %1 线程</translation>
    </message>
    <message>
        <source>CPU %1 threads</source>
        <translation>CPU %1 线程</translation>
    </message>
    <message>
        <source>CPU, threads not stated</source>
        <translation>CPU，线程数未说明</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>PoCL on the CPU</source>
        <translation>CPU 上的 PoCL</translation>
    </message>
    <message>
        <source>OpenCL on the CPU</source>
        <translation>CPU 上的 OpenCL</translation>
    </message>
    <message>
        <source> launch, not synchronised</source>
        <translation> 内核启动，未同步</translation>
    </message>
    <message>
        <source> + %1 copies</source>
        <translation> + %1 拷贝</translation>
    </message>
    <message>
        <source>, cold cache</source>
        <translation>，冷缓存</translation>
    </message>
</context>
<context>
    <name>SweepForm</name>
    <message>
        <source>the minimum n (%1) is above the maximum n (%2)</source>
        <translation>最小 n（%1）大于最大 n（%2）</translation>
    </message>
    <message>
        <source>no sizes were given: type them as a list, e.g. 4,40,400</source>
        <translation>没有给出尺寸：请以列表形式输入，例如 4,40,400</translation>
    </message>
    <message>
        <source>unknown workload &quot;%1&quot;</source>
        <translation>未知的工作负载“%1”</translation>
    </message>
    <message>
        <source>no CPU thread count is checked: check at least one, or switch the CPU off</source>
        <translation>没有勾选任何 CPU 线程数：请至少勾选一个，或关闭 CPU</translation>
    </message>
    <message>
        <source>no GPU mode is checked: check at least one, or switch the GPU off</source>
        <translation>没有勾选任何 GPU 模式：请至少勾选一个，或关闭 GPU</translation>
    </message>
    <message>
        <source>neither the CPU nor the GPU is switched on</source>
        <translation>CPU 和 GPU 均未开启</translation>
    </message>
</context>
<context>
    <name>Workloads</name>
    <message>
        <source>b += b, repeated: the seed experiment (memory-bound, one tensor read and written)</source>
        <translation>重复执行 b += b：种子实验（内存受限，读写同一个张量）</translation>
    </message>
    <message>
        <source>y = a*x + y, repeated (streaming: two tensors read, one written)</source>
        <translation>重复执行 y = a*x + y（流式：读两个张量，写一个）</translation>
    </message>
    <message>
        <source>the sum of all elements (reads the tensor once, writes one number)</source>
        <translation>所有元素之和（读一遍张量，写出一个数）</translation>
    </message>
    <message>
        <source>C = A*B, n x n x n (compute-bound for large n)</source>
        <translation>C = A*B，n x n x n（n 较大时计算受限）</translation>
    </message>
    <message>
        <source>copy the tensor host to device and back (on the CPU: memory to memory)</source>
        <translation>把张量从主机复制到设备再复制回来（在 CPU 上：内存到内存）</translation>
    </message>
    <message>
        <source>the running sum of all n*n elements taken as one flat sequence (like torch.cumsum(x.flatten(), 0)): on the CPU, serial is one dependent chain, one element after another, so more threads cannot help (it runs once per n, on one thread); on the GPU, rows gives each row to one thread, then one thread adds up the row totals, and cub is CUB&apos;s parallel single-pass scan</source>
        <translation>把全部 n*n 个元素视为一个扁平序列求累加和（如 torch.cumsum(x.flatten(), 0)）：在 CPU 上，serial 是一条逐个元素相互依赖的链，更多线程无济于事（每个 n 只在一个线程上运行一次）；在 GPU 上，rows 让每个线程负责一行，再由一个线程累加各行总和，cub 则是 CUB 的并行单遍 scan</translation>
    </message>
    <message>
        <source>y = A x with A sparse (CSR): n*n rows, 8 nonzeros per row at seeded random columns, x the n x n tensor read as a vector; every nonzero is used once and x is gathered at scattered places, so there is little work per byte (csr: OpenMP over rows; cusparse: cuSPARSE&apos;s SpMV; scalar: one GPU thread per row)</source>
        <translation>y = A x，A 为稀疏矩阵（CSR）：n*n 行，每行在按种子生成的随机列上有 8 个非零元，x 为按向量读取的 n x n 张量；每个非零元只用一次，x 从分散的位置收集，因此每字节的计算量很小（csr：按行的 OpenMP；cusparse：cuSPARSE 的 SpMV；scalar：每行一个 GPU 线程）</translation>
    </message>
</context>
<context>
    <name>speeduplab::Banner</name>
    <message>
        <source>Hide this note</source>
        <translation>隐藏此提示</translation>
    </message>
</context>
<context>
    <name>speeduplab::ChartTabs</name>
    <message>
        <source>Sizes shown</source>
        <translation>显示的尺寸</translation>
    </message>
    <message>
        <source>Which n the thread-scaling chart shows</source>
        <translation>线程扩展性图表显示哪些 n</translation>
    </message>
    <message>
        <source>The results hold several workloads: choose the one to plot</source>
        <translation>结果包含多个工作负载：请选择要绘制的一个</translation>
    </message>
    <message>
        <source>n = %1</source>
        <translation>n = %1</translation>
    </message>
    <message>
        <source>Workload shown</source>
        <translation>显示的工作负载</translation>
    </message>
</context>
<context>
    <name>speeduplab::ChartView</name>
    <message>
        <source>… and %1 more of notes: the chart is too small to show them.</source>
        <translation>……另有 %1注释：图表太小，无法全部显示。</translation>
    </message>
    <message>
        <source>its best CPU</source>
        <translation>其最佳 CPU</translation>
    </message>
    <message>
        <source>best CPU</source>
        <translation>最佳 CPU</translation>
    </message>
    <message>
        <source>%1: best CPU</source>
        <translation>%1：最佳 CPU</translation>
    </message>
    <message>
        <source>%1 hardware threads</source>
        <translation>%1 个硬件线程</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <source>newest: %1</source>
        <translation>最新：%1</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 次运行</translation>
    </message>
    <message>
        <source>SpeedupLab · %1</source>
        <translation>SpeedupLab · %1</translation>
    </message>
    <message>
        <source>%1 curves: the legend is hidden (more than %2); the table names each point&apos;s series.</source>
        <translation>%1 条曲线：图例已隐藏（超过 %2 条）；表格中列出了每个点所属的系列。</translation>
    </message>
    <message>
        <source>n = %1</source>
        <translation>n = %1</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>%1&apos;s %2 vs %3&apos;s best CPU</source>
        <translation>%1 的 %2 对比 %3 的最佳 CPU</translation>
    </message>
    <message>
        <source>%1&apos;s %2 vs its best CPU</source>
        <translation>%1 的 %2 对比其最佳 CPU</translation>
    </message>
    <message>
        <source>Drawn: %1 of the %2 CPU thread counts, log-spaced from the fewest to the most; the best CPU and the table use every one.</source>
        <translation>绘出：%2 个 CPU 线程数中的 %1 个，从最少到最多按对数间隔选取；最佳 CPU 与表格使用全部线程数。</translation>
    </message>
    <message>
        <source>The legend lists %1 of its %2 entries, for want of room: hover a curve for its name; the table names every point&apos;s series.</source>
        <translation>图例空间不足，只列出 %2 项中的 %1 项：将鼠标停在曲线上可看其名称；表格列出每个点所属的序列。</translation>
    </message>
    <message>
        <source>… and %1 more of notes: hover over the note to read them all.</source>
        <translation>……另有 %1注释：将鼠标停在注释上可读全部。</translation>
    </message>
    <message>
        <source>All thread counts</source>
        <translation>所有线程数</translation>
    </message>
    <message>
        <source>Every CPU thread count in full. Off (the classroom view): the best CPU at each n, the fewest threads and the GPU curves, the other thread counts faded</source>
        <translation>完整显示每个 CPU 线程数。关闭时（课堂视图）：显示每个 n 上的最佳 CPU、最少的线程数和 GPU 曲线，其他线程数淡化</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Dark line, %1.</source>
        <translation>深色线，%1。</translation>
    </message>
    <message>
        <source>Faded: %1.</source>
        <translation>淡化：%1。</translation>
    </message>
    <message>
        <source>Faded: %1 (right-click ▸ All thread counts shows each in full).</source>
        <translation>淡化：%1（右键 ▸ 所有线程数可完整显示每一个）。</translation>
    </message>
    <message>
        <source>Drawn: %1 of the %2 CPU curves and %3 of the %4 GPU curves, spread evenly over them; the best CPU and the table use every one.</source>
        <translation>绘出：%2 条 CPU 曲线中的 %1 条、%4 条 GPU 曲线中的 %3 条，均匀选取；最佳 CPU 与表格使用全部曲线。</translation>
    </message>
    <message>
        <source>No results yet.
Run a sweep (Ctrl+R) or open a results file (Ctrl+O).</source>
        <translation>还没有结果。
请运行扫描（Ctrl+R）或打开结果文件（Ctrl+O）。</translation>
    </message>
    <message>
        <source>No point has a time to plot: they failed or were skipped.</source>
        <translation>没有可绘制时间的点：它们都失败了或被跳过。</translation>
    </message>
    <message>
        <source>%1: %2 vs %3: best CPU</source>
        <translation>%1：%2 对比 %3：最佳 CPU</translation>
    </message>
    <message>
        <source>%1: %2 vs its best CPU</source>
        <translation>%1：%2 对比其最佳 CPU</translation>
    </message>
    <message>
        <source>Curves: %1.</source>
        <translation>曲线：%1。</translation>
    </message>
    <message>
        <source>And %1 more.</source>
        <translation>另有 %1 条。</translation>
    </message>
    <message>
        <source>%1: from %2 to %3.</source>
        <translation>%1：从 %2 到 %3。</translation>
    </message>
    <message numerus="yes">
        <source>%n other thread count(s)</source>
        <translation>
            <numerusform>%n 个其他线程数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::CompareChart</name>
    <message>
        <source>time of run B / time of run A</source>
        <translation>运行 B 的时间 / 运行 A 的时间</translation>
    </message>
    <message>
        <source>run B&apos;s time over run A&apos;s</source>
        <translation>运行 B 与运行 A 的时间比</translation>
    </message>
    <message>
        <source>Comparing needs two runs.
Open recorded runs (Ctrl+O, several at once) or run a sweep after opening one.</source>
        <translation>比较需要两次运行。
请打开已记录的运行（Ctrl+O，可一次打开多个），或在打开一个之后再运行一次扫描。</translation>
    </message>
    <message>
        <source>Choose run A and run B in the Runs panel:
this chart shows B&apos;s time over A&apos;s at every size both measured.</source>
        <translation>请在“运行列表”面板中选择运行 A 和运行 B：
此图表显示两者都测量过的每个尺寸上 B 与 A 的时间比。</translation>
    </message>
    <message>
        <source>B slower ↑</source>
        <translation>B 更慢 ↑</translation>
    </message>
    <message>
        <source>B faster ↓</source>
        <translation>B 更快 ↓</translation>
    </message>
    <message>
        <source>At %1 of %2 points both runs kept their repetitions: there a rank test on them (Mann-Whitney U, 5 %) decides, with the same %3 % floor.</source>
        <translation>在 %2 个点中，有 %1 个点两次运行都保留了各次重复的数据：这些点由秩检验（Mann-Whitney U，5 %）判定，下限同为 %3 %。</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>比较运行</translation>
    </message>
    <message>
        <source>Bands wider than 10× either way (very noisy points) are cut at 10×.</source>
        <translation>宽于上下 10× 的色带（噪声极大的点）截断在 10×。</translation>
    </message>
    <message>
        <source>B&apos;s %1 ÷ A&apos;s best CPU</source>
        <translation>B 的 %1 ÷ A 的最佳 CPU</translation>
    </message>
    <message>
        <source>B&apos;s %1 faster above n ≈ %2</source>
        <translation>n ≈ %2 以上 B 的 %1 更快</translation>
    </message>
    <message>
        <source>n ≈ %1</source>
        <translation>n ≈ %1</translation>
    </message>
    <message>
        <source>B&apos;s %1 overtakes A&apos;s best CPU above n ≈ %2.</source>
        <translation>B 的 %1 在 n ≈ %2 以上超过 A 的最佳 CPU。</translation>
    </message>
    <message>
        <source>B&apos;s %1 never overtakes A&apos;s best CPU at the sizes both measured.</source>
        <translation>在两者都测量过的尺寸上，B 的 %1 从未超过 A 的最佳 CPU。</translation>
    </message>
    <message>
        <source>A&apos;s best CPU against B&apos;s GPU (A = %1, B = %2): %3</source>
        <translation>A 的最佳 CPU 对比 B 的 GPU（A = %1，B = %2）：%3</translation>
    </message>
    <message>
        <source>%1 and %2 share no point of %3:
no series was measured at the same n in both, and A has no CPU curve or B no GPU curve to hold against it.</source>
        <translation>%1 和 %2 没有共同的 %3 测量点：
两者没有在同一 n 上测量过的序列，且 A 没有 CPU 曲线或 B 没有 GPU 曲线可供对比。</translation>
    </message>
    <message>
        <source>Like against like, B = %1 against A = %2: B faster at %3, slower at %4, the same within noise at %5. The band is what the noise of both runs can explain (95 % on the medians, at least %6 %).</source>
        <translation>同类对比，B = %1 对比 A = %2：B 在%3上更快，在%4上更慢，在%5上噪声范围内相同。色带为两次运行的噪声所能解释的范围（中位数的 95 %，至少 %6 %）。</translation>
    </message>
    <message>
        <source>%1: B ÷ A</source>
        <translation>%1：B ÷ A</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n 个点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::CostChart</name>
    <message>
        <source>n ≈ %1</source>
        <translation>n ≈ %1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>cost of a million iterations</source>
        <translation>一百万次迭代的成本</translation>
    </message>
    <message>
        <source>Prices per hour…</source>
        <translation>每小时价格…</translation>
    </message>
    <message>
        <source>Prices per hour</source>
        <translation>每小时价格</translation>
    </message>
    <message>
        <source>CPU machine, per hour:</source>
        <translation>CPU 机器，每小时：</translation>
    </message>
    <message>
        <source>GPU machine, per hour:</source>
        <translation>GPU 机器，每小时：</translation>
    </message>
    <message>
        <source>No results yet.
Run a sweep (Ctrl+R) or open a results file (Ctrl+O).</source>
        <translation>还没有结果。
请运行扫描（Ctrl+R）或打开结果文件（Ctrl+O）。</translation>
    </message>
    <message>
        <source>The cost comparison needs a CPU and a GPU curve: open a recorded GPU run (Ctrl+O), or choose a run A (CPU) and a run B (GPU) in the Runs panel.</source>
        <translation>成本比较需要一条 CPU 曲线和一条 GPU 曲线：请打开一个已记录的 GPU 运行（Ctrl+O），或在“运行列表”面板中选择运行 A（CPU）和运行 B（GPU）。</translation>
    </message>
    <message>
        <source>No point has a time to price.</source>
        <translation>没有可计算成本的带时间的点。</translation>
    </message>
    <message>
        <source>%1 at %2/h</source>
        <translation>%1（每小时 %2）</translation>
    </message>
    <message>
        <source>GPU cheaper above n ≈ %1</source>
        <translation>n ≈ %1 以上 GPU 更便宜</translation>
    </message>
    <message>
        <source>CPU cheaper above n ≈ %1</source>
        <translation>n ≈ %1 以上 CPU 更便宜</translation>
    </message>
    <message>
        <source>Prices per hour: CPU machine %1, GPU machine %2%3. The GPU is cheaper only where it is more than %4 times faster.</source>
        <translation>每小时价格：CPU 机器 %1，GPU 机器 %2%3。只有在 GPU 快 %4 倍以上的地方，GPU 才更便宜。</translation>
    </message>
    <message>
        <source> (examples, not prices: right-click ▸ Prices per hour to enter yours)</source>
        <translation>（示例值，并非真实价格：右键单击 ▸ 每小时价格，输入您的价格）</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>cost vs n</source>
        <translation>成本随 n 的变化</translation>
    </message>
    <message>
        <source>cost of a billion iterations</source>
        <translation>十亿次迭代的成本</translation>
    </message>
    <message>
        <source>cost of a trillion iterations</source>
        <translation>一万亿次迭代的成本</translation>
    </message>
    <message>
        <source>cost of a quadrillion iterations</source>
        <translation>一千万亿次迭代的成本</translation>
    </message>
    <message>
        <source> (examples, not prices)</source>
        <translation>（示例值，并非真实价格）</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>不计入</translation>
    </message>
    <message>
        <source>Electricity, per kWh: each point&apos;s cost adds the energy its device&apos;s counters measured. 0: not counted.</source>
        <translation>每千瓦时电价：每个点的成本加上其设备计数器测得的能耗。0：不计入。</translation>
    </message>
    <message>
        <source>Electricity, per kWh:</source>
        <translation>电价（每千瓦时）：</translation>
    </message>
    <message>
        <source> The price per kWh is not counted: these results hold no energy (%1).</source>
        <translation> 电价未计入：这些结果没有能耗数据（%1）。</translation>
    </message>
    <message>
        <source> Electricity at %1 per kWh, by each point&apos;s measured energy: %2 points without energy are left out.</source>
        <translation> 电价为每千瓦时 %1，按每个点测得的能耗计算：%2 个没有能耗数据的点被略去。</translation>
    </message>
    <message>
        <source> Electricity at %1 per kWh, by each point&apos;s measured energy.</source>
        <translation> 电价为每千瓦时 %1，按每个点测得的能耗计算。</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>从 %1 起</translation>
    </message>
    <message>
        <source>at every size measured</source>
        <translation>在所有测量规模上</translation>
    </message>
    <message>
        <source>at no size measured</source>
        <translation>在任何测量规模上都没有</translation>
    </message>
    <message>
        <source>with no clear crossing in the range measured</source>
        <translation>在测量范围内没有明确的交叉点时</translation>
    </message>
    <message>
        <source>%1 vs %2: cheaper %3; faster %4.</source>
        <translation>%1 对比 %2：%3更便宜；%4更快。</translation>
    </message>
</context>
<context>
    <name>speeduplab::CpuConditionsBanner</name>
    <message>
        <source>CPU timings may vary: %1.</source>
        <translation>CPU 计时可能波动：%1。</translation>
    </message>
</context>
<context>
    <name>speeduplab::DeviceModel</name>
    <message>
        <source>Property</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>speeduplab::DevicesPanel</name>
    <message>
        <source>Machine of:</source>
        <translation>显示哪台机器：</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>This machine, where SpeedupLab runs now.</source>
        <translation>本机，即 SpeedupLab 现在运行的机器。</translation>
    </message>
    <message>
        <source>The machine run “%1” was measured on: this one.</source>
        <translation>运行“%1”测量时所在的机器：就是本机。</translation>
    </message>
    <message>
        <source>The machine run “%1” was recorded on, not this one.</source>
        <translation>运行“%1”录制时所在的机器，不是本机。</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
</context>
<context>
    <name>speeduplab::EnergyChart</name>
    <message>
        <source>energy per operation (%1)</source>
        <translation>每次运算的能耗（%1）</translation>
    </message>
    <message>
        <source>these results hold no energy: their devices had no counters SpeedupLab could read, or they were measured before it read them</source>
        <translation>这些结果没有能耗数据：其设备没有 SpeedupLab 能读取的计数器，或测量时 SpeedupLab 尚不读取能耗</translation>
    </message>
    <message>
        <source>energy per operation vs n</source>
        <translation>每次运算的能耗随 n 的变化</translation>
    </message>
    <message>
        <source>No point has energy.
%1</source>
        <translation>没有任何点有能耗数据。
%1</translation>
    </message>
    <message>
        <source>the GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>less energy above n ≈ %1</source>
        <translation>n ≈ %1 以上能耗更低</translation>
    </message>
    <message>
        <source>less energy below n ≈ %1</source>
        <translation>n ≈ %1 以下能耗更低</translation>
    </message>
    <message>
        <source>Lower is better. The energy each device&apos;s own counters measured over a point&apos;s repetitions (RAPL: the CPU package, with DRAM where counted; NVML: the GPU board), divided by its operations. Each device counts alone: the host&apos;s share of a GPU point is not in it.</source>
        <translation>越低越好。每个设备自己的计数器在一个点的各次重复中测得的能耗（RAPL：CPU 封装，有计数时含 DRAM；NVML：GPU 板卡），除以其运算次数。每个设备单独计数：GPU 点中主机的那一份不计在内。</translation>
    </message>
    <message>
        <source>%1 of the %2 points have no energy and are not drawn (for example: %3).</source>
        <translation>%2 个点中有 %1 个没有能耗数据，未绘出（例如：%3）。</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>能耗</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>speeduplab::ExplainChart</name>
    <message>
        <source>time per iteration (%1)</source>
        <translation>每次迭代耗时（%1）</translation>
    </message>
    <message>
        <source>cost models: why the curves look this way</source>
        <translation>开销模型：曲线为何如此</translation>
    </message>
    <message>
        <source>No results yet.
Run a sweep (Ctrl+R) or open a results file (Ctrl+O).</source>
        <translation>还没有结果。
请运行扫描（Ctrl+R）或打开结果文件（Ctrl+O）。</translation>
    </message>
    <message>
        <source>%1 (measured)</source>
        <translation>%1（实测）</translation>
    </message>
    <message>
        <source>GPU model: %1 + work at %2</source>
        <translation>GPU 模型：%1 + 以 %2 完成的工作</translation>
    </message>
    <message>
        <source>models: GPU faster above n ≈ %1</source>
        <translation>模型：n ≈ %1 以上 GPU 更快</translation>
    </message>
    <message>
        <source>n ≈ %1</source>
        <translation>n ≈ %1</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>The cost models need a CPU or a GPU curve of a known workload.</source>
        <translation>开销模型需要一条已知工作负载的 CPU 或 GPU 曲线。</translation>
    </message>
    <message>
        <source>The cost models need a CPU or a GPU curve with successful points.</source>
        <translation>开销模型需要一条包含成功测量点的 CPU 或 GPU 曲线。</translation>
    </message>
    <message>
        <source>No GPU curve here: these are the CPU curves&apos; own models (dashed). Open a recorded GPU run (Ctrl+O), or choose a run A (CPU) and a run B (GPU) in the Runs panel, to see where the GPU overtakes them and to move the models.</source>
        <translation>这里没有 GPU 曲线：图中是各 CPU 曲线自身的模型（虚线）。打开已记录的 GPU 运行（Ctrl+O），或在运行面板中选择运行 A（CPU）和运行 B（GPU），即可看到 GPU 在何处超越它们，并调整模型。</translation>
    </message>
    <message>
        <source>%1 of the %2 thread counts are shown, from the fewest threads to the most.</source>
        <translation>显示了 %2 个线程数中的 %1 个，从最少线程到最多线程均匀选取。</translation>
    </message>
    <message>
        <source>best CPU, %1–%2 threads</source>
        <translation>最佳 CPU，%1–%2 个线程</translation>
    </message>
    <message>
        <source>best CPU model</source>
        <translation>最佳 CPU 模型</translation>
    </message>
    <message>
        <source>CPU model: %1 + work at %2</source>
        <translation>CPU 模型：%1 + 以 %2 完成的工作</translation>
    </message>
    <message>
        <source>No cost model here: the GPU was timed without synchronising, and no CPU curve states its threads. The panel beside the chart says what the times show.</source>
        <translation>此处没有成本模型：GPU 计时未同步，也没有注明线程数的 CPU 曲线。图旁的面板说明了这些时间表示什么。</translation>
    </message>
    <message>
        <source>No GPU curve here: the OpenCL device is the CPU itself, so these are the CPU curves&apos; own models (dashed), and the panel beside the chart tells the OpenCL curves. Open a recorded GPU run (Ctrl+O) to see where a GPU overtakes them.</source>
        <translation>这里没有 GPU 曲线：OpenCL 设备就是 CPU 本身，因此这些是 CPU 曲线自己的模型（虚线），图表旁的面板会说明 OpenCL 曲线。打开一次录制的 GPU 运行（Ctrl+O）即可看到 GPU 在何处超过它们。</translation>
    </message>
    <message>
        <source>GPU model: %1 + %2</source>
        <translation>GPU 模型：%1 + %2</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>the H200 of the shipped example</source>
        <translation>随附示例中的 H200</translation>
    </message>
    <message>
        <source>GPU model: max(%1, %2)</source>
        <translation>GPU 模型：max(%1, %2)</translation>
    </message>
    <message numerus="yes">
        <source>CPU, %n thread(s)</source>
        <translation>
            <numerusform>CPU，%n 个线程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::ExportDialog</name>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Slide, Full HD (1920 × 1080)</source>
        <translation>幻灯片，全高清（1920 × 1080）</translation>
    </message>
    <message>
        <source>Slide, HD (1280 × 720)</source>
        <translation>幻灯片，高清（1280 × 720）</translation>
    </message>
    <message>
        <source>Slide, 4K (3840 × 2160)</source>
        <translation>幻灯片，4K（3840 × 2160）</translation>
    </message>
    <message>
        <source>Document (1600 × 1000)</source>
        <translation>文档（1600 × 1000）</translation>
    </message>
    <message>
        <source>As on screen (%1 × %2)</source>
        <translation>与屏幕相同（%1 × %2）</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>尺寸：</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>宽度：</translation>
    </message>
    <message>
        <source>Height:</source>
        <translation>高度：</translation>
    </message>
    <message>
        <source>The image&apos;s size in pixels (an SVG is given it too). From 1280 pixels wide, the chart is laid out as on a 1280-pixel slide and scaled up: a larger image is sharper, its text no smaller. The zoom (Ctrl++) applies as on screen.</source>
        <translation>图像的像素尺寸（SVG 也使用该尺寸）。宽度达到 1280 像素及以上时，图表按 1280 像素宽的幻灯片排版后再放大：图像越大越清晰，文字不会变小。缩放（Ctrl++）与屏幕上一致。</translation>
    </message>
</context>
<context>
    <name>speeduplab::GpuBanner</name>
    <message>
        <source>No usable GPU: %1 CPU sweeps and opening recorded results (also GPU runs recorded elsewhere) work fully.</source>
        <translation>没有可用的 GPU：%1 CPU 扫描以及打开已记录的结果（包括在其他机器上记录的 GPU 运行）均可正常使用。</translation>
    </message>
    <message>
        <source> An Intel or AMD GPU is reached through OpenCL or Vulkan instead: install its driver (intel-opencl-icd, mesa-vulkan-drivers) and choose it under Device.</source>
        <translation>Intel 或 AMD 的 GPU 可以改经 OpenCL 或 Vulkan 使用：安装其驱动（intel-opencl-icd、mesa-vulkan-drivers）后，在“设备”中选择它。</translation>
    </message>
</context>
<context>
    <name>speeduplab::LoadBanner</name>
    <message>
        <source>Other programs are using %1 of %2 (%3 %): a sweep run now will time slower and noisier than this machine can do. Recordings you open are not affected.</source>
        <translation>其他程序正在占用 %2中的 %1 个（%3 %）：此时运行的扫描，计时会比本机的实际能力更慢、噪声更大。打开的录制结果不受影响。</translation>
    </message>
    <message numerus="yes">
        <source>%n core(s)</source>
        <translation>
            <numerusform>%n 个核心</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::MainActions</name>
    <message>
        <source>&amp;Run sweep</source>
        <translation>运行扫描(&amp;R)</translation>
    </message>
    <message>
        <source>Run the sweep set up in the sweep panel</source>
        <translation>运行在扫描面板中设置的扫描</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the sweep or the calibration; what was measured so far is kept</source>
        <translation>停止扫描或校准；已测得的结果会保留</translation>
    </message>
    <message>
        <source>Ca&amp;librate machine</source>
        <translation>校准本机(&amp;L)</translation>
    </message>
    <message>
        <source>Measure this machine&apos;s ceilings (memory bandwidth, GEMM FLOP/s, GPU copies and launches) to compare every point with</source>
        <translation>测量本机的性能上限（内存带宽、GEMM FLOP/s、GPU 拷贝与启动），用于与每个点进行比较</translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>&amp;Open results…</source>
        <translation>打开结果(&amp;O)…</translation>
    </message>
    <message>
        <source>Add the runs of CSV or JSON result files, from this machine or others, to those shown (several files at once; dropping files on the window does the same)</source>
        <translation>将 CSV 或 JSON 结果文件（来自本机或其他机器）中的运行添加到当前显示的运行中（可一次选择多个文件；把文件拖放到窗口上效果相同）</translation>
    </message>
    <message>
        <source>O&amp;verlay reference run…</source>
        <translation>叠加参考运行(&amp;V)…</translation>
    </message>
    <message>
        <source>Draw a PyTorch or NumPy run (bench/compare_torch.py, compare_numpy.py) dashed over our curves on the time chart</source>
        <translation>在时间图表上以虚线把 PyTorch 或 NumPy 的运行（bench/compare_torch.py、compare_numpy.py）叠加在我们的曲线上</translation>
    </message>
    <message>
        <source>&amp;Remove reference runs</source>
        <translation>移除参考运行(&amp;R)</translation>
    </message>
    <message>
        <source>Remove the reference runs (PyTorch, NumPy) from the runs shown</source>
        <translation>从显示的运行中移除参考运行（PyTorch、NumPy）</translation>
    </message>
    <message>
        <source>&amp;Save data…</source>
        <translation>保存数据(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the results as CSV or JSON</source>
        <translation>将结果保存为 CSV 或 JSON</translation>
    </message>
    <message>
        <source>Open &amp;workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <source>Replace the runs shown with those of a workspace file (labels and visibility included)</source>
        <translation>用工作区文件中的运行替换当前显示的运行（包括标签和可见性）</translation>
    </message>
    <message>
        <source>Save wor&amp;kspace…</source>
        <translation>保存工作区(&amp;K)…</translation>
    </message>
    <message>
        <source>Save every run, with its label and visibility, in one file to open later</source>
        <translation>将所有运行连同标签和可见性保存到一个文件中，以便日后打开</translation>
    </message>
    <message>
        <source>&amp;Export chart…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <source>Export the chart shown as PNG or SVG</source>
        <translation>将当前图表导出为 PNG 或 SVG</translation>
    </message>
    <message>
        <source>&amp;Copy chart</source>
        <translation>复制图表(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the chart shown to the clipboard</source>
        <translation>将当前图表复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit SpeedupLab</source>
        <translation>退出 SpeedupLab</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen, the chart only, fonts and lines zoomed for a projector</source>
        <translation>全屏，仅显示图表，并为投影仪放大字体和线条</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Larger fonts and lines on every chart, and in exports</source>
        <translation>所有图表及导出文件中的字体和线条变大</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Smaller fonts and lines on every chart</source>
        <translation>所有图表中的字体和线条变小</translation>
    </message>
    <message>
        <source>&amp;Normal size</source>
        <translation>正常大小(&amp;N)</translation>
    </message>
    <message>
        <source>Fonts and lines at their normal size</source>
        <translation>字体和线条恢复正常大小</translation>
    </message>
    <message>
        <source>&amp;System language</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>Show SpeedupLab in this language from the next start</source>
        <translation>下次启动时以此语言显示 SpeedupLab</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Sweep</source>
        <translation>扫描(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Applies at the next start</source>
        <translation>下次启动时生效</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About SpeedupLab</source>
        <translation>关于 SpeedupLab(&amp;A)</translation>
    </message>
    <message>
        <source>About SpeedupLab</source>
        <translation>关于 SpeedupLab</translation>
    </message>
    <message>
        <source>&lt;b&gt;SpeedupLab %1&lt;/b&gt;&lt;p&gt;When is the GPU faster than the CPU, and why?&lt;/p&gt;&lt;p&gt;Sweeps tensor sizes and thread counts, times real workloads on the CPU and on CUDA GPUs, and marks where the curves cross.&lt;/p&gt;</source>
        <translation>&lt;b&gt;SpeedupLab %1&lt;/b&gt;&lt;p&gt;GPU 什么时候比 CPU 快？为什么？&lt;/p&gt;&lt;p&gt;遍历张量尺寸和线程数，在 CPU 和 CUDA GPU 上为真实工作负载计时，并标出曲线的交叉点。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Guided &amp;tour</source>
        <translation>导览(&amp;T)</translation>
    </message>
    <message>
        <source>A short tour of the seed experiment (b += b) and of how to read each chart</source>
        <translation>简短导览：介绍起点实验（b += b）以及如何阅读每个图表</translation>
    </message>
    <message>
        <source>Recorded on %1: %2</source>
        <translation>录制于%1：%2</translation>
    </message>
    <message>
        <source>Open e&amp;xample</source>
        <translation>打开示例(&amp;X)</translation>
    </message>
    <message>
        <source>OpenMP threads &amp;sleep at barriers (passive)</source>
        <translation>OpenMP 线程在屏障处休眠（被动）(&amp;S)</translation>
    </message>
    <message>
        <source>From the next start, the CPU threads sleep while they wait at a barrier instead of spinning: they give a busy machine&apos;s cores back, but every barrier costs a wake-up (30 times slower at small sizes on a loaded 2-core machine)</source>
        <translation>下次启动起，CPU 线程在屏障处等待时休眠而不是自旋：它们把繁忙机器的核心让出来，但每个屏障都要付出一次唤醒的代价（在负载较重的双核机器上，小尺寸时慢 30 倍）</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Write one HTML page to post or print: every chart, the one-slide summary, the explanations, the crossovers and the data (it opens again as these runs)</source>
        <translation>写出一个可发布或打印的 HTML 页面：每个图表、一页幻灯片总览、解释、交叉点和数据（它还能作为这些运行重新打开）</translation>
    </message>
    <message>
        <source>Export re&amp;port…</source>
        <translation>导出报告(&amp;P)…</translation>
    </message>
</context>
<context>
    <name>speeduplab::MainWindow</name>
    <message>
        <source>The language applies at the next start of SpeedupLab.</source>
        <translation>语言设置将在 SpeedupLab 下次启动时生效。</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行列表</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>The sweep cannot run</source>
        <translation>无法运行扫描</translation>
    </message>
    <message>
        <source>Cancelling the calibration: it stops at its next repetition…</source>
        <translation>正在取消校准：将在下一次重复时停止…</translation>
    </message>
    <message>
        <source>Cancelling: the point being measured stops at its next repetition…</source>
        <translation>正在取消：正在测量的点将在下一次重复时停止…</translation>
    </message>
    <message>
        <source>Calibrating</source>
        <translation>正在校准</translation>
    </message>
    <message>
        <source>Calibrating…</source>
        <translation>正在校准…</translation>
    </message>
    <message>
        <source>Unsaved results</source>
        <translation>未保存的结果</translation>
    </message>
    <message>
        <source>Calibration cancelled: no ceiling was measured.</source>
        <translation>校准已取消：未测得任何性能上限。</translation>
    </message>
    <message>
        <source>Calibration cancelled: the ceilings measured before the stop are kept (%1).</source>
        <translation>校准已取消：停止前测得的性能上限已保留（%1）。</translation>
    </message>
    <message>
        <source>Calibrated: %1.</source>
        <translation>校准完成：%1。</translation>
    </message>
    <message>
        <source>The results shown were recorded on another machine and keep its ceilings; the next sweep carries these.</source>
        <translation>当前显示的结果是在另一台机器上记录的，仍保留该机器的性能上限；下一次扫描会带上本次校准的上限。</translation>
    </message>
    <message>
        <source>Calibration failed</source>
        <translation>校准失败</translation>
    </message>
    <message>
        <source>Measuring</source>
        <translation>正在测量</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Measuring %1</source>
        <translation>正在测量 %1</translation>
    </message>
    <message>
        <source>Sweep finished: %1 measured.</source>
        <translation>扫描完成：共测得 %1。</translation>
    </message>
    <message>
        <source> %1 failed (see the table).</source>
        <translation>其中 %1 个点失败（见表格）。</translation>
    </message>
    <message>
        <source> %1 skipped (see the table).</source>
        <translation>其中 %1 个点被跳过（见表格）。</translation>
    </message>
    <message>
        <source> The sweep took %1.</source>
        <translation>扫描共耗时 %1。</translation>
    </message>
    <message>
        <source>The sweep failed</source>
        <translation>扫描失败</translation>
    </message>
    <message>
        <source>Preset “%1”: %2</source>
        <translation>预设“%1”：%2</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Exported the chart to %1.</source>
        <translation>已将图表导出到 %1。</translation>
    </message>
    <message>
        <source>Exported the chart to %1 (%2 × %3 pixels).</source>
        <translation>已将图表导出到 %1（%2 × %3 像素）。</translation>
    </message>
    <message>
        <source>Copied the chart to the clipboard (%1 × %2 pixels).</source>
        <translation>已将图表复制到剪贴板（%1 × %2 像素）。</translation>
    </message>
    <message>
        <source>Charts at %1 %</source>
        <translation>图表缩放 %1 %</translation>
    </message>
    <message>
        <source>A sweep is running; %1 so far. Save them before closing? Closing stops the sweep.</source>
        <translation>扫描正在进行，目前已有 %1。关闭前要保存吗？关闭会停止扫描。</translation>
    </message>
    <message>
        <source>Close SpeedupLab</source>
        <translation>关闭 SpeedupLab</translation>
    </message>
    <message>
        <source>Could not open “%1”: %2 %3</source>
        <translation>无法打开“%1”：%2 %3</translation>
    </message>
    <message>
        <source>A calibration is running. Cancel it (Esc) before opening a file.</source>
        <translation>校准正在进行。请先取消（Esc）再打开文件。</translation>
    </message>
    <message>
        <source>A sweep is running. Cancel it (Esc) before opening a file.</source>
        <translation>扫描正在进行。请先取消（Esc）再打开文件。</translation>
    </message>
    <message>
        <source>Add reference run</source>
        <translation>添加参考运行</translation>
    </message>
    <message>
        <source>Open results</source>
        <translation>打开结果</translation>
    </message>
    <message>
        <source>No file was added: the charts still show the previous results.</source>
        <translation>未添加任何文件：图表仍显示之前的结果。</translation>
    </message>
    <message>
        <source>“%1” has no successful measurement to draw.</source>
        <translation>“%1”中没有可绘制的成功测量。</translation>
    </message>
    <message>
        <source>Opened %1: %2.</source>
        <translation>已打开 %1：%2。</translation>
    </message>
    <message>
        <source>Added %1 from %2: %3 (%4 shown).</source>
        <translation>已从 %2 添加 %1：%3（共显示 %4）。</translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>The runs shown stay as they are.</source>
        <translation>当前显示的运行保持不变。</translation>
    </message>
    <message>
        <source>Opened the workspace %1: %2.</source>
        <translation>已打开工作区 %1：%2。</translation>
    </message>
    <message>
        <source>Save workspace</source>
        <translation>保存工作区</translation>
    </message>
    <message>
        <source>There are no runs to save yet. Run a sweep or open a file first.</source>
        <translation>还没有可保存的运行。请先运行一次扫描或打开一个文件。</translation>
    </message>
    <message>
        <source>Could not save the workspace: %1 Nothing was written; choose another file or folder.</source>
        <translation>无法保存工作区：%1 未写入任何内容；请选择其他文件或文件夹。</translation>
    </message>
    <message>
        <source>Saved the workspace (%1) to %2.</source>
        <translation>已将工作区（%1）保存到 %2。</translation>
    </message>
    <message>
        <source>Save data</source>
        <translation>保存数据</translation>
    </message>
    <message>
        <source>There are no results to save yet. Run a sweep or open a file first.</source>
        <translation>还没有可保存的结果。请先运行一次扫描或打开一个文件。</translation>
    </message>
    <message>
        <source>A CSV file holds one run, and %1 are shown. Save as .json to keep them all (each with its label), or hide all runs but one.</source>
        <translation>一个 CSV 文件只能保存一次运行，而当前显示了 %1。请另存为 .json 以保留全部运行（各自带有标签），或只保留一次运行可见。</translation>
    </message>
    <message>
        <source>Could not save the results: %1 Nothing was written; choose another file or folder.</source>
        <translation>无法保存结果：%1 未写入任何内容；请选择其他文件或文件夹。</translation>
    </message>
    <message>
        <source>Saved %1 of %2 runs to %3.</source>
        <translation>已将 %2 次运行的 %1保存到 %3。</translation>
    </message>
    <message>
        <source>Saved %1 to %2.</source>
        <translation>已将 %1保存到 %2。</translation>
    </message>
    <message>
        <source>Ready. Set up a sweep on the left and press Run (Ctrl+R), or open a results file (Ctrl+O). New here? F1 opens a guided tour.</source>
        <translation>就绪。请在左侧设置扫描并点击“运行”（Ctrl+R），或打开一个结果文件（Ctrl+O）。初次使用？按 F1 打开导览。</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源代码</translation>
    </message>
    <message>
        <source> The sweep took %1; every curve spanned the whole range of sizes after %2.</source>
        <translation>扫描共耗时 %1；%2 后每条曲线都已覆盖全部尺寸范围。</translation>
    </message>
    <message>
        <source>The sweep cannot run: %1</source>
        <translation>无法运行扫描：%1</translation>
    </message>
    <message>
        <source>See it measured on an NVIDIA H200</source>
        <translation>查看在 NVIDIA H200 上的实测</translation>
    </message>
    <message>
        <source>Open the seed experiment as recorded on %1 (File ▸ Open example has more)</source>
        <translation>打开录制于%1的种子实验（文件 ▸ 打开示例中还有更多）</translation>
    </message>
    <message>
        <source>Open example</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <source>Opened the example “%1”, recorded on %2: %3.</source>
        <translation>已打开示例“%1”，录制于%2：%3。</translation>
    </message>
    <message>
        <source> %1 measured again: another program held a core; %2 came out clean, %3 still disturbed (marked noisy).</source>
        <translation> 重新测量了 %1：另一个程序占用了一个核心；%2 个结果干净，%3 个仍受干扰（标为噪声大）。</translation>
    </message>
    <message>
        <source> %1 disturbed: another program held a core (marked noisy).</source>
        <translation> %1 受到干扰：另一个程序占用了一个核心（标为噪声大）。</translation>
    </message>
    <message>
        <source>From the next start, the CPU threads sleep at barriers (passive).</source>
        <translation>下次启动起，CPU 线程在屏障处休眠（被动）。</translation>
    </message>
    <message>
        <source>From the next start, the CPU threads spin at barriers (active).</source>
        <translation>下次启动起，CPU 线程在屏障处自旋（主动）。</translation>
    </message>
    <message>
        <source>Opened the original answer&apos;s published table as a reference run (dashed): another machine, its GPU column timed without synchronising the device.</source>
        <translation>已将原始回答发表的表格作为参考运行打开（虚线）：另一台机器，其 GPU 列在计时时没有同步设备。</translation>
    </message>
    <message>
        <source>The original answer&apos;s published table is open already.</source>
        <translation>原始回答发表的表格已经打开。</translation>
    </message>
    <message>
        <source> Its GPU half is left out here (%1); File ▸ Open example shows it measured on an NVIDIA H200.</source>
        <translation> 这里不运行它的 GPU 部分（%1）；文件 ▸ 打开示例中有它在 NVIDIA H200 上的实测。</translation>
    </message>
    <message>
        <source>no usable GPU</source>
        <translation>没有可用的 GPU</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>There are no results to report yet. Run a sweep or open a file first.</source>
        <translation>还没有可报告的结果。请先运行扫描或打开文件。</translation>
    </message>
    <message>
        <source>Could not write the report: %1 Nothing was written; choose another file or folder.</source>
        <translation>无法写出报告：%1 没有写入任何内容；请选择其他文件或文件夹。</translation>
    </message>
    <message>
        <source>Exported the report to %1: open it in any browser, or here again.</source>
        <translation>已将报告导出到 %1：可在任何浏览器中打开，也可在这里再次打开。</translation>
    </message>
    <message>
        <source>See this CPU beside an NVIDIA H200&apos;s GPU</source>
        <translation>把这台 CPU 与 NVIDIA H200 的 GPU 放在一起看</translation>
    </message>
    <message>
        <source>The GPU curves of “%1”, recorded on %2, are drawn beside this CPU.</source>
        <translation>在 %2 上录制的“%1”的 GPU 曲线已画在这台 CPU 旁边。</translation>
    </message>
    <message>
        <source>Add the GPU curves of the shipped recording of the same workload, made on %1, compared with this machine&apos;s best CPU</source>
        <translation>加入随程序附带的、同一工作负载在 %1 上录制的 GPU 曲线，与本机最快的 CPU 对比</translation>
    </message>
    <message>
        <source> Nothing to refine: no two curves cross.</source>
        <translation> 无需细化：没有两条曲线相交。</translation>
    </message>
    <message>
        <source> %1 refined: the time chart&apos;s notes say where and why it ended.</source>
        <translation> 已细化 %1：时间图的注释说明了位置以及细化结束的原因。</translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s)</source>
        <translation>
            <numerusform>%n 次测量</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new measurement(s) not saved. Save the results before closing?</source>
        <translation>
            <numerusform>%n 次新测量尚未保存。关闭前保存结果吗？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 次运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sweep cancelled: %n point(s) measured before the stop kept.</source>
        <translation>
            <numerusform>扫描已取消：停止前测得的 %n 个点已保留。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n 个点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n crossover(s)</source>
        <translation>
            <numerusform>%n 个交叉点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %n hidden run(s) not saved (show them to save them too).</source>
        <translation>
            <numerusform>%n 次隐藏的运行未保存（显示它们即可一并保存）。</numerusform>
        </translation>
    </message>
    <message>
        <source>No %1 device after all: %2</source>
        <translation>最终没有可用的 %1 设备：%2</translation>
    </message>
</context>
<context>
    <name>speeduplab::ResultTableModel</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>The timings vary (CV %1 %, above %2 %): the median is less certain. A longer minimum time per point, or a quieter machine, helps.</source>
        <translation>计时波动较大（CV %1 %，高于 %2 %）：中位数不够可靠。延长每个点的最短测量时间，或换一台更空闲的机器，会有帮助。</translation>
    </message>
    <message>
        <source>%1 of %2 repetitions lie outside Tukey&apos;s fences (1.5 IQR beyond the quartiles): kept in the statistics, the median resists them.</source>
        <translation>%2 次重复中有 %1 次落在 Tukey 围栏之外（超出四分位数 1.5 IQR）：它们仍计入统计，但中位数不受其影响。</translation>
    </message>
    <message>
        <source>Median of %1 repetitions of %2 iterations; per iteration</source>
        <translation>%1 次重复（每次 %2 次迭代）的中位数；按每次迭代计</translation>
    </message>
    <message>
        <source>Interquartile range %1 – %2; %3</source>
        <translation>四分位距 %1 – %2；%3</translation>
    </message>
    <message>
        <source>No quartiles: the file was saved without them</source>
        <translation>没有四分位数：文件保存时未包含它们</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 %2 ⚠</source>
        <translation>%1 %2 ⚠</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>No ceilings measured: Sweep ▸ Calibrate machine measures them</source>
        <translation>尚未测量性能上限：可用“扫描 ▸ 校准本机”进行测量</translation>
    </message>
    <message>
        <source>No measured ceiling applies to this point</source>
        <translation>没有适用于此点的已测性能上限</translation>
    </message>
    <message>
        <source> (working set %1: %2)</source>
        <translation>（工作集 %1：%2）</translation>
    </message>
    <message>
        <source>Ceiling: %1, %2%3</source>
        <translation>上限：%1，%2%3</translation>
    </message>
    <message>
        <source>%1 of the %2 ceiling, %3%4</source>
        <translation>达到 %2 上限的 %1，%3%4</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>系列</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Time / iteration</source>
        <translation>时间 / 迭代</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>CV %</source>
        <translation>CV %</translation>
    </message>
    <message>
        <source>Reps</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>Bytes/s</source>
        <translation>字节/s</translation>
    </message>
    <message>
        <source>FLOP/s</source>
        <translation>FLOP/s</translation>
    </message>
    <message>
        <source>% of ceiling</source>
        <translation>占上限 %</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Median time of one iteration (one operation on the n x n tensor)</source>
        <translation>一次迭代的中位时间（对 n x n 张量的一次操作）</translation>
    </message>
    <message>
        <source>Coefficient of variation of the repetitions; above %1 % the row is marked noisy</source>
        <translation>各次重复的变异系数；超过 %1 % 时该行标记为“噪声大”</translation>
    </message>
    <message>
        <source>The point&apos;s throughput as a share of the machine&apos;s measured ceiling for the level its data live in: the cache level or DRAM its working set fits in, GPU L2 or HBM, registers for fused GPU kernels, the FMA peak for gemm (Sweep ▸ Calibrate machine)</source>
        <translation>该点的吞吐量占本机在其数据所在层级上实测上限的比例：工作集能放入的缓存级别或 DRAM、GPU L2 或 HBM、融合 GPU 内核的寄存器，gemm 则为 FMA 峰值（扫描 ▸ 校准本机）</translation>
    </message>
    <message>
        <source>Whether the output matched the CPU reference</source>
        <translation>输出是否与 CPU 参考结果一致</translation>
    </message>
    <message>
        <source>throttled</source>
        <translation>降频</translation>
    </message>
    <message>
        <source>cold</source>
        <translation>冷</translation>
    </message>
    <message>
        <source>%1 rounds, spread %2 %</source>
        <translation>%1 轮，离散 %2 %</translation>
    </message>
    <message>
        <source>%1→%2 MHz</source>
        <translation>%1→%2 MHz</translation>
    </message>
    <message>
        <source>%1 MHz</source>
        <translation>%1 MHz</translation>
    </message>
    <message>
        <source>SM %1 MHz, memory %2 MHz</source>
        <translation>SM %1 MHz，显存 %2 MHz</translation>
    </message>
    <message>
        <source>, %1 W</source>
        <translation>，%1 W</translation>
    </message>
    <message>
        <source>, reasons: %1</source>
        <translation>，原因：%1</translation>
    </message>
    <message>
        <source>Cold cache: the GPU&apos;s L2 and the CPU&apos;s last-level cache were flushed before every repetition, outside the timed region</source>
        <translation>冷缓存：每次重复之前（在计时区之外）都清空了 GPU 的 L2 和 CPU 的末级缓存</translation>
    </message>
    <message>
        <source>%1 rounds, each in a shuffled order: the rounds&apos; medians ranged from %2 to %3 per iteration</source>
        <translation>%1 轮，每轮顺序随机打乱：各轮的中位数在每次迭代 %2 到 %3 之间</translation>
    </message>
    <message>
        <source>GPU after the warm-up: %1</source>
        <translation>预热后的 GPU：%1</translation>
    </message>
    <message>
        <source>GPU after the last repetition: %1</source>
        <translation>最后一次重复后的 GPU：%1</translation>
    </message>
    <message>
        <source>Throttled: see the reason</source>
        <translation>已降频：原因见“原因”列</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>测量条件</translation>
    </message>
    <message>
        <source>Cold cache; rounds and the spread of their medians (highest minus lowest, over the median); the GPU&apos;s SM clock after the warm-up and after the last repetition; throttled when the clock fell below 90 % of the sweep&apos;s first or NVML reported a throttle reason</source>
        <translation>冷缓存；轮数及各轮中位数的离散度（最高减最低，除以中位数）；预热后和最后一次重复后的 GPU SM 时钟；当时钟低于本次扫描首个负载时钟的 90 % 或 NVML 报告了降频原因时，标记为降频</translation>
    </message>
    <message>
        <source>, %1 °C</source>
        <translation>，%1 °C</translation>
    </message>
    <message>
        <source>clocks not available</source>
        <translation>时钟不可用</translation>
    </message>
    <message>
        <source>disturbed %1 of %2 reps</source>
        <translation>%2 次重复中 %1 次受干扰</translation>
    </message>
    <message>
        <source>measured again ×%1</source>
        <translation>重新测量 ×%1</translation>
    </message>
    <message>
        <source>Energy: %1 per iteration (%2 over %3, %4)</source>
        <translation>能耗：每次迭代 %1（%3 内共 %2，%4）</translation>
    </message>
    <message>
        <source>Energy: %1</source>
        <translation>能耗：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n Tukey outlier(s)</source>
        <translation>
            <numerusform>%n 个 Tukey 离群值</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::RooflineChart</name>
    <message>
        <source>attained performance (%1)</source>
        <translation>实际性能（%1）</translation>
    </message>
    <message>
        <source>arithmetic intensity (FLOP/byte)</source>
        <translation>算术强度（FLOP/字节）</translation>
    </message>
    <message>
        <source>roofline (attained FLOP/s vs FLOP per byte)</source>
        <translation>Roofline（实际 FLOP/s 与每字节 FLOP）</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>%1 ridge %2 FLOP/B</source>
        <translation>%1 脊点 %2 FLOP/B</translation>
    </message>
    <message>
        <source>ridge %1</source>
        <translation>脊点 %1</translation>
    </message>
    <message>
        <source>The %1 workload moves bytes but does no arithmetic (no FLOPs): it is not on the roofline. Choose add, saxpy, reduce or gemm to place points under the roofs.</source>
        <translation>%1 工作负载只搬运字节而不做算术运算（没有 FLOP）：它不在 Roofline 上。请选择 add、saxpy、reduce 或 gemm，以便将点画在屋顶线下方。</translation>
    </message>
    <message>
        <source>Higher is better. Each point: FLOPs of one iteration / its median time, at its FLOPs per byte moved (one intensity at every n for streaming kernels; gemm&apos;s grows with n).</source>
        <translation>越高越好。每个点：一次迭代的 FLOP 数 / 其中位时间，横坐标为每搬运一个字节的 FLOP 数（流式内核在所有 n 上强度相同；gemm 的强度随 n 增长）。</translation>
    </message>
    <message>
        <source>Fused GPU points can stand above the memory roofs: their data stay in registers across iterations, so the bytes counted per operation never cross the memory bus.</source>
        <translation>融合 GPU 内核的点可能高于内存屋顶线：它们的数据在各次迭代之间一直留在寄存器中，因此每次操作计入的字节从未经过内存总线。</translation>
    </message>
    <message>
        <source>Roofs: the machine&apos;s measured ceilings (calibrate); solid: main memory up to the compute peak, dashed: faster caches.</source>
        <translation>屋顶线：本机实测的性能上限（校准）；实线：主存直至计算峰值，虚线：更快的缓存。</translation>
    </message>
    <message>
        <source>Run Sweep ▸ Calibrate machine to draw the machine&apos;s roofs.</source>
        <translation>运行“扫描 ▸ 校准本机”以绘制本机的屋顶线。</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>%1 FLOP/byte</source>
        <translation>%1 FLOP/字节</translation>
    </message>
    <message>
        <source>%1 memory %2 (spec sheet, not measured)</source>
        <translation>%1 内存 %2（规格表数值，非实测）</translation>
    </message>
    <message>
        <source>Dashed red: the GPU&apos;s memory bandwidth from its spec sheet (in the file), not measured: points above it were served from its L2 cache.</source>
        <translation>红色虚线：文件中记载的 GPU 规格表内存带宽，并非实测；高于它的点由其 L2 缓存提供。</translation>
    </message>
    <message>
        <source>No ceilings were calibrated on the machine that recorded these results, so its measured roofs are not known.</source>
        <translation>录制这些结果的机器未校准性能上限，因此不知道它实测的屋顶线。</translation>
    </message>
</context>
<context>
    <name>speeduplab::RunProgress</name>
    <message>
        <source>Measuring %1 (%2 of %3)</source>
        <translation>正在测量 %1（第 %2 个，共 %3 个）</translation>
    </message>
    <message>
        <source> · this point %1 so far</source>
        <translation> · 此点已用时 %1</translation>
    </message>
    <message>
        <source> · the sweep: about %1 left</source>
        <translation> · 整个扫描约剩 %1</translation>
    </message>
    <message>
        <source> · the sweep is finishing</source>
        <translation> · 扫描即将完成</translation>
    </message>
    <message>
        <source>Finding the crossovers: measuring %1 (%2 of at most %3)</source>
        <translation>寻找交叉点：正在测量 %1（第 %2 个，最多 %3 个）</translation>
    </message>
    <message>
        <source>%1, measured again (another program held a core; %2 of %3)</source>
        <translation>%1，重新测量（另一个程序占用了一个核心；第 %2 个，共 %3 个）</translation>
    </message>
    <message>
        <source>%1, round %2 of %3</source>
        <translation>%1，第 %2 轮，共 %3 轮</translation>
    </message>
</context>
<context>
    <name>speeduplab::RunStore</name>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>%1 hardware threads</source>
        <translation>%1 个硬件线程</translation>
    </message>
</context>
<context>
    <name>speeduplab::RunsPanel</name>
    <message>
        <source>Being measured now.</source>
        <translation>正在测量中。</translation>
    </message>
    <message>
        <source>A reference run of another tool (%1), drawn dashed.</source>
        <translation>其他工具（%1）的参考运行，以虚线绘制。</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>Measured %1</source>
        <translation>测量于 %1</translation>
    </message>
    <message>
        <source>Each run: tick to show it, double-click (F2) to rename it</source>
        <translation>每次运行：勾选以显示，双击（F2）以重命名</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the selected run from the window (its file stays as it is)</source>
        <translation>从窗口中移除所选运行（其文件保持不变）</translation>
    </message>
    <message>
        <source>Run A: its CPU curves against run B&apos;s GPU on the time chart, and the base of the ratio on the Compare tab</source>
        <translation>运行 A：在时间图表上用它的 CPU 曲线与运行 B 的 GPU 对比，并作为“比较运行”标签页中比值的基准</translation>
    </message>
    <message>
        <source>CPU of run A:</source>
        <translation>运行 A 的 CPU：</translation>
    </message>
    <message>
        <source>GPU of run B:</source>
        <translation>运行 B 的 GPU：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Run B: its GPU curves against run A&apos;s best CPU on the time chart and on the Compare tab</source>
        <translation>运行 B：在时间图和“比较运行”页上，它的 GPU 曲线对比运行 A 的最佳 CPU</translation>
    </message>
    <message>
        <source>The time chart marks where A&apos;s best CPU and B&apos;s GPU cross; the Compare tab shows B&apos;s GPU over A&apos;s best CPU, and B&apos;s time over A&apos;s.</source>
        <translation>时间图标出 A 的最佳 CPU 与 B 的 GPU 的交叉点；“比较运行”页显示 B 的 GPU 与 A 的最佳 CPU 之比，以及 B 与 A 的时间之比。</translation>
    </message>
    <message>
        <source>No run shown has a GPU curve yet: open one (File ▸ Open example has some).</source>
        <translation>显示的运行中还没有 GPU 曲线：请打开一个（文件 ▸ 打开示例中就有）。</translation>
    </message>
    <message>
        <source>Undo remove</source>
        <translation>撤销移除</translation>
    </message>
    <message>
        <source>Put back the runs just removed, where they were</source>
        <translation>把刚移除的运行放回原处</translation>
    </message>
    <message>
        <source>Close all</source>
        <translation>全部关闭</translation>
    </message>
    <message>
        <source>Remove every run but the one being measured: a new lesson (Undo remove puts them back)</source>
        <translation>移除除正在测量的运行外的所有运行：开始新的一课（“撤销移除”可放回）</translation>
    </message>
    <message>
        <source>Open a second run to set A and B, one run&apos;s CPU against another&apos;s GPU (File ▸ Open example has GPU runs).</source>
        <translation>再打开一次运行，即可设置 A 和 B：一次运行的 CPU 对另一次的 GPU（文件 ▸ 打开示例中有 GPU 运行）。</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行列表</translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s)</source>
        <translation>
            <numerusform>%n 次测量</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::ScalingChart</name>
    <message>
        <source>CPU threads</source>
        <translation>CPU 线程数</translation>
    </message>
    <message>
        <source>thread scaling</source>
        <translation>线程扩展性</translation>
    </message>
    <message>
        <source>No results yet.
Run a sweep (Ctrl+R) or open a results file (Ctrl+O).</source>
        <translation>还没有结果。
请运行扫描（Ctrl+R）或打开结果文件（Ctrl+O）。</translation>
    </message>
    <message>
        <source>Thread scaling needs one size measured with at least two CPU thread counts.
Check more thread counts in the sweep panel.</source>
        <translation>线程扩展性需要某个尺寸在至少两种 CPU 线程数下测量过。
请在扫描面板中勾选更多线程数。</translation>
    </message>
    <message>
        <source>ideal (linear)</source>
        <translation>理想（线性）</translation>
    </message>
    <message>
        <source>n = %1</source>
        <translation>n = %1</translation>
    </message>
    <message>
        <source>Amdahl fit, n = %1: serial %2 %</source>
        <translation>Amdahl 拟合，n = %1：串行 %2 %</translation>
    </message>
    <message>
        <source>Thread scaling of %1 (run A, when chosen, else the first run that scales).</source>
        <translation>%1 的线程扩展性（若已选择运行 A 则取运行 A，否则取第一个可计算扩展性的运行）。</translation>
    </message>
    <message>
        <source>Thread scaling</source>
        <translation>线程扩展性</translation>
    </message>
    <message>
        <source>bandwidth bound, n = %1: at most %2×</source>
        <translation>带宽上限，n = %1：至多 %2×</translation>
    </message>
    <message>
        <source>fork/join %1 &gt; work, n = %2</source>
        <translation>fork/join %1 &gt; 工作，n = %2</translation>
    </message>
    <message>
        <source>speedup over 1 thread</source>
        <translation>相对单线程的加速比</translation>
    </message>
    <message>
        <source>n = %1: no thread model fits these speedups (up to %2× on %3 threads); the points are as measured.</source>
        <translation>n = %1：没有线程模型能拟合这些加速比（%3 个线程时最高 %2 倍）；这些点按实测绘出。</translation>
    </message>
    <message>
        <source>fork/join %1–%2 &gt; work, n = %3</source>
        <translation>fork/join %1–%2 &gt; 工作，n = %3</translation>
    </message>
    <message>
        <source>SMT siblings from %1 threads</source>
        <translation>从 %1 个线程起共用 SMT 兄弟线程</translation>
    </message>
    <message>
        <source>efficiency cores from %1 threads</source>
        <translation>从 %1 个线程起用上能效核</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::SlideChart</name>
    <message>
        <source>%1: </source>
        <translation>%1：</translation>
    </message>
    <message>
        <source>n ≈ %1</source>
        <translation>n ≈ %1</translation>
    </message>
    <message>
        <source>n ≈ %1 by the models</source>
        <translation>按模型 n ≈ %1</translation>
    </message>
    <message>
        <source>no crossover</source>
        <translation>没有交叉</translation>
    </message>
    <message>
        <source>A against B: the GPU overtakes the CPU at %1 in A (%2), at %3 in B (%4).</source>
        <translation>A 对 B：在 A 中 GPU 于 %1 超过 CPU（%2），在 B 中于 %3（%4）。</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>总览</translation>
    </message>
</context>
<context>
    <name>speeduplab::SourceView</name>
    <message>
        <source>No series yet: run a sweep or open a result file, then select a row of the results to see the code that produced it.</source>
        <translation>尚无序列：请运行扫描或打开结果文件，然后在结果表中选择一行，即可查看产生它的代码。</translation>
    </message>
    <message>
        <source>%1, lines %2–%3</source>
        <translation>%1，第 %2–%3 行</translation>
    </message>
    <message>
        <source>The source of this series is missing: no region %1 is marked in %2. Put the &quot;// source-view:&quot; markers back and rebuild.</source>
        <translation>此序列的源代码缺失：%2 中没有标记区域 %1。请恢复“// source-view:”标记并重新构建。</translation>
    </message>
    <message>
        <source>From %1, as built into this program.</source>
        <translation>出自 %1，即编译进本程序的代码。</translation>
    </message>
    <message>
        <source>cudaMemcpyAsync to the device and back, %1 times, from %2 host memory</source>
        <translation>cudaMemcpyAsync 拷贝到设备再拷回，共 %1 次，使用%2主机内存</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>锁页</translation>
    </message>
    <message>
        <source>pageable</source>
        <translation>可分页</translation>
    </message>
    <message>
        <source>cuBLAS&apos;s sgemm, called %1 times from a CUDA graph</source>
        <translation>cuBLAS 的 sgemm，从 CUDA 图中调用 %1 次</translation>
    </message>
    <message>
        <source>cuBLAS&apos;s sgemm, called %1 times</source>
        <translation>cuBLAS 的 sgemm，调用 %1 次</translation>
    </message>
    <message>
        <source>The product runs in cuBLAS&apos;s sgemm, closed source: the call below is all SpeedupLab runs.</source>
        <translation>矩阵乘法在 cuBLAS 的 sgemm 中执行，它是闭源的：下面的调用就是 SpeedupLab 运行的全部代码。</translation>
    </message>
    <message>
        <source>This variant lets cuBLAS round the inputs to TF32 and use the tensor cores (the math mode set below).</source>
        <translation>此变体允许 cuBLAS 将输入舍入为 TF32 并使用张量核心（见下方设置的数学模式）。</translation>
    </message>
    <message>
        <source>kernel %1, all %2 iterations in one launch</source>
        <translation>内核 %1，全部 %2 次迭代在一次启动中完成</translation>
    </message>
    <message>
        <source>kernel %1, launched %2 times as one CUDA graph</source>
        <translation>内核 %1，作为一个 CUDA 图启动 %2 次</translation>
    </message>
    <message>
        <source>kernel %1, launched %2 times from CUDA graphs of up to %3 launches</source>
        <translation>内核 %1，从每个最多含 %3 次启动的 CUDA 图中启动 %2 次</translation>
    </message>
    <message>
        <source>kernel %1, launched %2 times, one launch per iteration</source>
        <translation>内核 %1，启动 %2 次，每次迭代启动一次</translation>
    </message>
    <message>
        <source>No code is known for the series %1.</source>
        <translation>序列 %1 没有已知的代码。</translation>
    </message>
    <message>
        <source>GPU %1, %2 mode: %3</source>
        <translation>GPU %1，%2 模式：%3</translation>
    </message>
    <message>
        <source>The timed region also copies the inputs to the GPU and the result back (%1 host memory).</source>
        <translation>计时区还包括把输入拷贝到 GPU 并把结果拷回（%1主机内存）。</translation>
    </message>
    <message>
        <source>CPU %1, %2 threads</source>
        <translation>CPU %1，%2 个线程</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>OpenBLAS&apos;s sgemm, called %1 times</source>
        <translation>OpenBLAS 的 sgemm，调用 %1 次</translation>
    </message>
    <message>
        <source>The product runs in OpenBLAS&apos;s sgemm, a separate library: the call below is all SpeedupLab runs. Large products are split along k, so that a stop is seen quickly.</source>
        <translation>矩阵乘法在 OpenBLAS 的 sgemm 中执行，它是一个独立的库：下面的调用就是 SpeedupLab 运行的全部代码。大的乘法沿 k 维切分，以便及时响应停止。</translation>
    </message>
    <message>
        <source>function %1, %2 times, the rows of C shared out by an OpenMP parallel for</source>
        <translation>函数 %1，执行 %2 次，C 的各行由 OpenMP parallel for 分配给各线程</translation>
    </message>
    <message>
        <source>%1 on each thread&apos;s share of the tensor, %2 iterations in one OpenMP parallel region</source>
        <translation>每个线程对其负责的那部分张量执行 %1，%2 次迭代在同一个 OpenMP 并行区域内完成</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>CUB&apos;s DeviceScan::InclusiveSum, called %1 times from a CUDA graph</source>
        <translation>CUB 的 DeviceScan::InclusiveSum，从 CUDA 图中调用 %1 次</translation>
    </message>
    <message>
        <source>CUB&apos;s DeviceScan::InclusiveSum, called %1 times</source>
        <translation>CUB 的 DeviceScan::InclusiveSum，调用 %1 次</translation>
    </message>
    <message>
        <source>The scan runs in CUB, the CUDA toolkit&apos;s header-only library of parallel primitives: the call below is all SpeedupLab writes. Its temporary storage is allocated once, outside the timed region.</source>
        <translation>扫描在 CUB 中运行，CUB 是 CUDA 工具包自带的仅头文件并行原语库：下面的调用就是 SpeedupLab 所写的全部代码。它的临时存储只分配一次，在计时区域之外。</translation>
    </message>
    <message>
        <source>kernels %1, scanTotalsKernel and addRowOffsetsKernel, %2 times from a CUDA graph</source>
        <translation>内核 %1、scanTotalsKernel 和 addRowOffsetsKernel，从 CUDA 图中运行 %2 次</translation>
    </message>
    <message>
        <source>kernels %1, scanTotalsKernel and addRowOffsetsKernel, %2 times, three launches per iteration</source>
        <translation>内核 %1、scanTotalsKernel 和 addRowOffsetsKernel，运行 %2 次，每次迭代启动三次</translation>
    </message>
    <message>
        <source>One thread per row adds up its row serially, then a single thread adds up the row totals: n serial chains and then one more, which leave most of the GPU idle.</source>
        <translation>每行由一个线程串行累加，然后由单个线程累加各行的总和：n 条串行链，之后再加一条，GPU 的大部分都处于空闲。</translation>
    </message>
    <message>
        <source>CPU %1, 1 thread</source>
        <translation>CPU %1，1 个线程</translation>
    </message>
    <message>
        <source>function %1, %2 times, on one thread: each sum needs the one before it, so more threads cannot help</source>
        <translation>函数 %1，%2 次，在一个线程上：每个和都要等前一个和，所以更多线程无济于事</translation>
    </message>
    <message>
        <source>cuBLAS&apos;s cublasGemmEx in %1, called %2 times from a CUDA graph</source>
        <translation>cuBLAS 的 cublasGemmEx（%1），从 CUDA 图中调用 %2 次</translation>
    </message>
    <message>
        <source>cuBLAS&apos;s cublasGemmEx in %1, called %2 times</source>
        <translation>cuBLAS 的 cublasGemmEx（%1），调用 %2 次</translation>
    </message>
    <message>
        <source>The product runs on the tensor cores with fp32 accumulation, in cuBLAS&apos;s cublasGemmEx, closed source: the call below is all SpeedupLab runs. A, B and C are %1 copies of the fp32 tensors, converted outside the timed region.</source>
        <translation>矩阵乘法在张量核心上以 fp32 累加执行，位于 cuBLAS 的 cublasGemmEx 中，它是闭源的：下面的调用就是 SpeedupLab 运行的全部代码。A、B 和 C 是 fp32 张量的 %1 副本，在计时区域之外转换。</translation>
    </message>
    <message>
        <source>OpenBLAS&apos;s sbgemm, called %1 times</source>
        <translation>OpenBLAS 的 sbgemm，调用 %1 次</translation>
    </message>
    <message>
        <source>The product runs in OpenBLAS&apos;s sbgemm on bf16 copies of the inputs, made once outside the timed region, with fp32 accumulation and an fp32 result (AVX-512 BF16).</source>
        <translation>矩阵乘法在 OpenBLAS 的 sbgemm 中对输入的 bf16 副本执行（副本在计时区域之外一次性生成），以 fp32 累加并得到 fp32 结果（AVX-512 BF16）。</translation>
    </message>
    <message>
        <source>kernel %1, launched %2 times from a CUDA graph</source>
        <translation>内核 %1，从 CUDA 图中启动 %2 次</translation>
    </message>
    <message>
        <source>One thread per row: the threads of a warp read rows 8 nonzeros apart (not coalesced) and gather x at random columns.</source>
        <translation>每行一个线程：一个 warp 中的线程读取相隔 8 个非零元的行（访存不合并），并在随机列处收集 x。</translation>
    </message>
    <message>
        <source>cuSPARSE&apos;s cusparseSpMV, called %1 times from a CUDA graph</source>
        <translation>cuSPARSE 的 cusparseSpMV，从 CUDA 图中调用 %1 次</translation>
    </message>
    <message>
        <source>cuSPARSE&apos;s cusparseSpMV, called %1 times</source>
        <translation>cuSPARSE 的 cusparseSpMV，调用 %1 次</translation>
    </message>
    <message>
        <source>The product runs in cuSPARSE, closed source: the calls below are all SpeedupLab runs. The handle, the matrix descriptors and the work buffer are made once, outside the timed region.</source>
        <translation>乘积在闭源的 cuSPARSE 中运行：下面的调用就是 SpeedupLab 运行的全部代码。句柄、矩阵描述符和工作缓冲区只创建一次，在计时区域之外。</translation>
    </message>
    <message>
        <source>function %1, %2 times, the rows shared out by one OpenMP parallel region per product</source>
        <translation>函数 %1，%2 次，每次乘积由一个 OpenMP 并行区域分配各行</translation>
    </message>
    <message>
        <source>%1 on %2, fused: all %3 iterations in one OpenCL kernel</source>
        <translation>%1 在 %2 上，融合：全部 %3 次迭代在一个 OpenCL 内核中</translation>
    </message>
    <message>
        <source>%1 on %2, %3 mode: %4 operations, each one enqueue of its OpenCL commands</source>
        <translation>%1 在 %2 上，%3 模式：%4 次操作，每次将其 OpenCL 命令入队一次</translation>
    </message>
    <message>
        <source>The code of %1</source>
        <translation>%1 的代码</translation>
    </message>
    <message>
        <source>This backend&apos;s kernels are not shown here yet.</source>
        <translation>此处尚未显示该后端的内核。</translation>
    </message>
    <message>
        <source>Source code</source>
        <translation>源代码</translation>
    </message>
</context>
<context>
    <name>speeduplab::SpeedupChart</name>
    <message>
        <source>speedup of the GPU (CPU time / GPU time)</source>
        <translation>GPU 加速比（CPU 时间 / GPU 时间）</translation>
    </message>
    <message>
        <source>GPU speedup over the best CPU</source>
        <translation>GPU 相对最佳 CPU 的加速比</translation>
    </message>
    <message>
        <source>No results yet.
Run a sweep (Ctrl+R) or open a results file (Ctrl+O).</source>
        <translation>还没有结果。
请运行扫描（Ctrl+R）或打开结果文件（Ctrl+O）。</translation>
    </message>
    <message>
        <source>The speedup needs CPU and GPU results at the same n.
%1</source>
        <translation>计算加速比需要相同 n 下的 CPU 和 GPU 结果。
%1</translation>
    </message>
    <message>
        <source>These results have no GPU curve: open a recorded GPU run (Ctrl+O).</source>
        <translation>这些结果中没有 GPU 曲线：请打开一个已记录的 GPU 运行（Ctrl+O）。</translation>
    </message>
    <message>
        <source>No run shown has both: choose a run A (CPU) and a run B (GPU) in the Runs panel.</source>
        <translation>当前显示的运行都不同时包含两者：请在“运行列表”面板中选择运行 A（CPU）和运行 B（GPU）。</translation>
    </message>
    <message>
        <source>These results have no CPU curve.</source>
        <translation>这些结果中没有 CPU 曲线。</translation>
    </message>
    <message>
        <source>The CPU and GPU curves share no n: their speedup cannot be computed.</source>
        <translation>CPU 和 GPU 曲线没有共同的 n：无法计算加速比。</translation>
    </message>
    <message>
        <source>GPU wins ↑ (speedup &gt; 1)</source>
        <translation>GPU 更快 ↑（加速比 &gt; 1）</translation>
    </message>
    <message>
        <source>GPU wins ↑</source>
        <translation>GPU 更快 ↑</translation>
    </message>
    <message>
        <source>CPU wins ↓ (speedup &lt; 1)</source>
        <translation>CPU 更快 ↓（加速比 &lt; 1）</translation>
    </message>
    <message>
        <source>CPU wins ↓</source>
        <translation>CPU 更快 ↓</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Dashed lines mark the first %1 of the %2 crossovers; the curves show every one (above 1: the GPU is faster).</source>
        <translation>虚线标出 %2 个交叉点中的前 %1 个；曲线显示了全部交叉点（高于 1：GPU 更快）。</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
</context>
<context>
    <name>speeduplab::SweepPanel</name>
    <message>
        <source>One kernel launch per iteration, as the seed&apos;s Python loop does.</source>
        <translation>每次迭代启动一次内核，与原始 Python 示例（seed）的循环做法相同。</translation>
    </message>
    <message>
        <source>The same launches, captured once into a CUDA graph and replayed.</source>
        <translation>同样的启动，一次性捕获到 CUDA graph 中再重放。</translation>
    </message>
    <message>
        <source>All iterations in one kernel, where the workload allows it.</source>
        <translation>在工作负载允许时，把所有迭代放进一个内核。</translation>
    </message>
    <message>
        <source>n is at most %1; %2 was set to %1.</source>
        <translation>n 最大为 %1；%2 已设为 %1。</translation>
    </message>
    <message>
        <source>n is at least %1; %2 was set to %1.</source>
        <translation>n 最小为 %1；%2 已设为 %1。</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Run the sweep (Ctrl+R)</source>
        <translation>运行扫描（Ctrl+R）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the sweep and keep the points measured so far (Esc)</source>
        <translation>停止扫描并保留已测得的点（Esc）</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>The CPU implementation; the default is the fastest this build has.</source>
        <translation>CPU 实现；默认使用本构建中最快的实现。</translation>
    </message>
    <message>
        <source>The GPU implementation.</source>
        <translation>GPU 实现。</translation>
    </message>
    <message>
        <source>&amp;Workload:</source>
        <translation>工作负载(&amp;W)：</translation>
    </message>
    <message>
        <source>CPU variant:</source>
        <translation>CPU 变体：</translation>
    </message>
    <message>
        <source>GPU variant:</source>
        <translation>GPU 变体：</translation>
    </message>
    <message>
        <source>Tensor sizes (n × n)</source>
        <translation>张量尺寸（n × n）</translation>
    </message>
    <message>
        <source>Log-spaced &amp;range</source>
        <translation>对数间隔范围(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;List</source>
        <translation>列表(&amp;L)</translation>
    </message>
    <message>
        <source>The smallest n (1 to %1)</source>
        <translation>最小的 n（1 到 %1）</translation>
    </message>
    <message>
        <source>The largest n (1 to %1)</source>
        <translation>最大的 n（1 到 %1）</translation>
    </message>
    <message>
        <source>Sizes per factor of ten in n (1 to 100)</source>
        <translation>n 每增大十倍取多少个尺寸（1 到 100）</translation>
    </message>
    <message>
        <source>min n:</source>
        <translation>最小 n：</translation>
    </message>
    <message>
        <source>max n:</source>
        <translation>最大 n：</translation>
    </message>
    <message>
        <source>steps per decade:</source>
        <translation>每十倍步数：</translation>
    </message>
    <message>
        <source>e.g. 4,40,400,4000</source>
        <translation>例如 4,40,400,4000</translation>
    </message>
    <message>
        <source>Tensor edges n, separated by commas</source>
        <translation>张量边长 n，以逗号分隔</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Measure the CPU (OpenMP) with the checked thread counts</source>
        <translation>用勾选的线程数测量 CPU（OpenMP）</translation>
    </message>
    <message>
        <source>Thread counts to measure (1 to %1, this machine&apos;s hardware threads)</source>
        <translation>要测量的线程数（1 到 %1，即本机的硬件线程数）</translation>
    </message>
    <message>
        <source>Powers of two</source>
        <translation>2 的幂</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>1 only</source>
        <translation>仅 1</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Modes:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>Time host ↔ device copies</source>
        <translation>计入主机 ↔ 设备拷贝时间</translation>
    </message>
    <message>
        <source>Put the copies of the inputs to the GPU and of the output back into the timed region, as a program that keeps its data on the host pays them.</source>
        <translation>把输入拷贝到 GPU、输出拷贝回主机的时间计入计时区间，就像数据保存在主机上的程序实际要付出的那样。</translation>
    </message>
    <message>
        <source>pageable</source>
        <translation>可分页</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>锁页</translation>
    </message>
    <message>
        <source>Host memory for the copies: pageable (malloc) or pinned (cudaMallocHost)</source>
        <translation>拷贝所用的主机内存：可分页（malloc）或锁页（cudaMallocHost）</translation>
    </message>
    <message>
        <source>Host memory:</source>
        <translation>主机内存：</translation>
    </message>
    <message>
        <source>No usable GPU: %1</source>
        <translation>没有可用的 GPU：%1</translation>
    </message>
    <message>
        <source>%1: %2 (compute %3)</source>
        <translation>%1：%2（计算能力 %3）</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>计时</translation>
    </message>
    <message>
        <source>Operations per timed repetition (0: the workload&apos;s default)</source>
        <translation>每次计时重复中的操作次数（0：使用工作负载的默认值）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Repeat each point until this much time was measured (and at least 3 times)</source>
        <translation>每个点重复测量，直到累计测量时间达到该值（且至少 3 次）</translation>
    </message>
    <message>
        <source>Repetitions per point, at most</source>
        <translation>每个点最多重复的次数</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Seconds for the whole sweep; the points left when it runs out are skipped</source>
        <translation>整个扫描的时间预算（秒）；用完后剩余的点将被跳过</translation>
    </message>
    <message>
        <source>Iterations:</source>
        <translation>迭代次数：</translation>
    </message>
    <message>
        <source>Min time per point:</source>
        <translation>每点最短时间：</translation>
    </message>
    <message>
        <source>Max repetitions:</source>
        <translation>最多重复次数：</translation>
    </message>
    <message>
        <source>Time budget:</source>
        <translation>时间预算：</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>fastest available</source>
        <translation>最快的可用实现</translation>
    </message>
    <message>
        <source>%1 more sizes, up to n = %2, will not fit either and will be skipped.</source>
        <translation>另有 %1 个尺寸（直到 n = %2）同样放不下，将被跳过。</translation>
    </message>
    <message>
        <source>n = %1 will not fit: needs %2, %3 available (%4); it will be skipped.</source>
        <translation>n = %1 放不下：需要 %2，可用 %3（%4）；将被跳过。</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Check at least one thread count, or switch the CPU off.</source>
        <translation>请至少勾选一个线程数，或关闭 CPU。</translation>
    </message>
    <message>
        <source>%1 of %2 hardware threads</source>
        <translation>%2 个硬件线程中的 %1 个</translation>
    </message>
    <message>
        <source>Run the whole sweep this many times, each round in a shuffled order, and merge each point&apos;s rounds: a slow drift (heat, another job) then shows as spread between rounds, not as a trend in n</source>
        <translation>将整个扫描运行这么多轮，每轮按随机打乱的顺序进行，再合并每个点各轮的结果：这样，缓慢的漂移（发热、其他任务）会表现为轮次之间的离散，而不是随 n 变化的趋势</translation>
    </message>
    <message>
        <source>Cold cache</source>
        <translation>冷缓存</translation>
    </message>
    <message>
        <source>Flush the GPU&apos;s L2 and the CPU&apos;s last-level cache before every repetition (outside the timed region), so that every size reads its data from memory. Off: a repetition finds what the last one left in the caches, as a loop in a program would</source>
        <translation>每次重复前（在计时区间之外）清空 GPU 的 L2 和 CPU 的末级缓存，使每个尺寸都从内存读取数据。关闭时：每次重复都会用到上一次留在缓存中的数据，就像程序中的循环那样</translation>
    </message>
    <message>
        <source>Rounds:</source>
        <translation>轮数：</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>One click fills the form below; Run starts it.</source>
        <translation>单击即可填好下面的表单；点击“运行”开始。</translation>
    </message>
    <message>
        <source>all: %1</source>
        <translation>全部：%1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>The sizes were sorted, and %1 given twice was kept once.</source>
        <translation>尺寸已排序，重复给出的 %1只保留一次。</translation>
    </message>
    <message>
        <source>The sizes were sorted: a sweep runs them coarse to fine anyway.</source>
        <translation>尺寸已排序：扫描本来就按由粗到细的顺序运行。</translation>
    </message>
    <message>
        <source>“%1” is not a whole number: n stays %2.</source>
        <translation>“%1”不是整数：n 保持为 %2。</translation>
    </message>
    <message>
        <source>The launches of launch mode, timed as the original answer did: the host&apos;s clock read before the device is synchronised, which is the time to queue the launches, not to run them; the time after synchronising is kept beside it. Never part of a crossover.</source>
        <translation>与 launch 模式相同的内核启动，但按原始回答的方式计时：在设备同步之前读取主机时钟，得到的是把启动放入队列的时间，而不是运行它们的时间；同步之后的时间保存在旁边。从不参与交叉点的计算。</translation>
    </message>
    <message>
        <source>No usable CUDA GPU: %1</source>
        <translation>没有可用的 CUDA GPU：%1</translation>
    </message>
    <message>
        <source>All %1 devices, in turn</source>
        <translation>全部 %1 个设备，依次测量</translation>
    </message>
    <message>
        <source>n = %1 will not fit on %2: needs a buffer of %3, and the device allows %4 in one buffer; it will be skipped.</source>
        <translation>n = %1 在 %2 上放不下：需要一个 %3 的缓冲区，而该设备单个缓冲区最多 %4；将跳过。</translation>
    </message>
    <message>
        <source>memory of %1</source>
        <translation>%1 的内存</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 is slow for this sweep: one repetition of %2 at n = %3 takes at least %4 there (at its calibrated %5 of %6), and the point at least twice that. Drop the largest sizes, or choose a faster variant.</source>
        <translation>%1 对这次扫描来说太慢：在它上面 n = %3 的 %2 一次重复至少要 %4（按其校准的%5 %6），整个点至少是它的两倍。请去掉最大的尺寸，或选一个更快的实现。</translation>
    </message>
    <message>
        <source>Find the crossovers (±%1 %)</source>
        <translation>找出交叉点（±%1 %）</translation>
    </message>
    <message>
        <source>After the sweep, measure new sizes around each crossover until its 95 % interval is within ±%1 % of n (at most %2 more points; the end says why it stopped): each GPU curve against the best CPU, or without a GPU each thread count against 1 thread</source>
        <translation>扫描之后，在每个交叉点附近测量新的规模，直到其 95 % 区间在 n 的 ±%1 % 以内（最多再测 %2 个点；结束时说明为何停止）：每条 GPU 曲线对最佳 CPU；没有 GPU 时，每个线程数对 1 个线程</translation>
    </message>
    <message>
        <source>Cores first</source>
        <translation>先占满物理核</translation>
    </message>
    <message>
        <source>Compact (SMT siblings together)</source>
        <translation>紧凑（SMT 兄弟线程在一起）</translation>
    </message>
    <message>
        <source>As the OS decides</source>
        <translation>由操作系统决定</translation>
    </message>
    <message>
        <source>Where the threads run. Cores first: one thread per physical core, performance cores before efficiency cores, then the cores&apos; SMT siblings. Compact: a core&apos;s SMT siblings together. As the OS decides: the threads are not bound.</source>
        <translation>线程运行的位置。先占满物理核：每个物理核一个线程，性能核先于能效核，然后才用核心的 SMT 兄弟线程。紧凑：同一核心的 SMT 兄弟线程放在一起。由操作系统决定：线程不绑定。</translation>
    </message>
    <message>
        <source>Placement:</source>
        <translation>放置：</translation>
    </message>
    <message>
        <source>Measure energy</source>
        <translation>测量能耗</translation>
    </message>
    <message>
        <source>Read each point&apos;s energy from its device&apos;s own counters where the machine has them (RAPL for the CPU and an integrated GPU, NVML for an NVIDIA GPU): a point shorter than the counters need runs longer for it, outside its timing. Off: none is read</source>
        <translation>在机器有计数器时，从设备自己的计数器读取每个点的能耗（CPU 和集成 GPU 用 RAPL，NVIDIA GPU 用 NVML）：短于计数器所需时长的点会为此多运行一会儿，不计入其计时。关闭：不读取能耗</translation>
    </message>
    <message>
        <source>%1 is %2 on the CPU: the same cores as the CPU curves, so no GPU crossover is marked against it. Its curves show what %2&apos;s launches cost.</source>
        <translation>%1 是运行在 CPU 上的 %2：与 CPU 曲线使用相同的核心，因此不会针对它标出 GPU 交叉点。它的曲线显示的是 %2 启动的开销。</translation>
    </message>
    <message>
        <source>GPU or %1 device</source>
        <translation>GPU 或 %1 设备</translation>
    </message>
    <message>
        <source>CPU thread counts</source>
        <translation>CPU 线程数</translation>
    </message>
    <message numerus="yes">
        <source>%n size(s)</source>
        <translation>
            <numerusform>%n 个尺寸</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::SweepWorker</name>
    <message>
        <source>The sweep could not start: %1</source>
        <translation>扫描无法开始：%1</translation>
    </message>
    <message>
        <source>The calibration failed: %1</source>
        <translation>校准失败：%1</translation>
    </message>
</context>
<context>
    <name>speeduplab::ThroughputChart</name>
    <message>
        <source>compute throughput vs n</source>
        <translation>计算吞吐量随 n 的变化</translation>
    </message>
    <message>
        <source>memory throughput vs n</source>
        <translation>内存吞吐量随 n 的变化</translation>
    </message>
    <message>
        <source>Higher is better. FLOPs of one iteration / its median time.</source>
        <translation>越高越好。一次迭代的 FLOP 数 / 其中位时间。</translation>
    </message>
    <message>
        <source>Higher is better. Bytes one iteration reads and writes / its median time.</source>
        <translation>越高越好。一次迭代读写的字节数 / 其中位时间。</translation>
    </message>
    <message>
        <source> Dashed: the machine&apos;s measured ceilings (calibrate).</source>
        <translation>虚线：本机实测的性能上限（校准）。</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source> GPU fused runs every iteration in one kernel, its data in registers: its bytes per second count what one kernel per iteration would move, not memory traffic, so it stands above every memory&apos;s bandwidth.</source>
        <translation>GPU fused 在一个 kernel 中完成全部迭代，数据留在寄存器里：它的每秒字节数计的是每次迭代一个 kernel 时需要搬运的量，而非内存流量，因此高于任何内存的带宽。</translation>
    </message>
    <message>
        <source> Dashed red: the GPU&apos;s memory bandwidth from its spec sheet (in the file), not measured; a launch or graph rate above it was served from the GPU&apos;s L2 cache.</source>
        <translation>红色虚线：文件中 GPU 规格表上的显存带宽，非实测；高于它的 launch 或 graph 速率来自 GPU 的 L2 缓存。</translation>
    </message>
    <message>
        <source>%1 memory, spec sheet</source>
        <translation>%1 显存（规格表）</translation>
    </message>
    <message>
        <source>throughput (%1)</source>
        <translation>吞吐量（%1）</translation>
    </message>
    <message>
        <source>throughput (%1, tensor traffic)</source>
        <translation>吞吐量（%1，张量数据流量）</translation>
    </message>
    <message>
        <source>spec sheet %1</source>
        <translation>规格表 %1</translation>
    </message>
</context>
<context>
    <name>speeduplab::TimeChart</name>
    <message>
        <source>GPU faster above n ≈ %1</source>
        <translation>n ≈ %1 以上 GPU 更快</translation>
    </message>
    <message>
        <source>CPU faster again above n ≈ %1</source>
        <translation>n ≈ %1 以上 CPU 再次更快</translation>
    </message>
    <message>
        <source>%1 crossovers: %2; … and %3 more, up to n ≈ %4 (the table has both times at every n)</source>
        <translation>%1 个交叉点：%2；……另有 %3 个，直到 n ≈ %4（表格列出了每个 n 下的两种时间）</translation>
    </message>
    <message>
        <source>time per iteration (%1)</source>
        <translation>每次迭代耗时（%1）</translation>
    </message>
    <message>
        <source>%1 faster above n ≈ %2</source>
        <translation>n ≈ %2 以上 %1 更快</translation>
    </message>
    <message>
        <source>n ≈ %1</source>
        <translation>n ≈ %1</translation>
    </message>
    <message>
        <source>CPU again, n ≈ %1</source>
        <translation>CPU 再次领先，n ≈ %1</translation>
    </message>
    <message>
        <source>n = %1–%2</source>
        <translation>n = %1–%2</translation>
    </message>
    <message>
        <source>%1 %2×</source>
        <translation>%1 %2×</translation>
    </message>
    <message>
        <source>Dashed: %1, a reference run. Our time ÷ theirs (geometric mean): %2.</source>
        <translation>虚线：%1，参考运行。我们的时间 ÷ 对方的时间（几何平均）：%2。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Band: interquartile range</source>
        <translation>色带：四分位距</translation>
    </message>
    <message>
        <source>Band: min–max</source>
        <translation>色带：最小值–最大值</translation>
    </message>
    <message>
        <source>time per iteration vs n</source>
        <translation>每次迭代耗时随 n 的变化</translation>
    </message>
    <message>
        <source>No results yet.
Run a sweep (Ctrl+R) or open a results file (Ctrl+O).</source>
        <translation>还没有结果。
请运行扫描（Ctrl+R）或打开结果文件（Ctrl+O）。</translation>
    </message>
    <message>
        <source>The only point has no time to plot:
it failed or was skipped (the table says why).</source>
        <translation>唯一的点没有可绘制的时间：
它失败了或被跳过（原因见表格）。</translation>
    </message>
    <message>
        <source>None of the %1 points has a time to plot:
they failed or were skipped (the table says why).</source>
        <translation>%1 个点都没有可绘制的时间：
它们失败了或被跳过（原因见表格）。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>… and %1 more GPU curves against the best CPU, not listed here (%2 crossovers in all).</source>
        <translation>……另有 %1 条 GPU 曲线与最佳 CPU 的对比未在此列出（共 %2 个交叉点）。</translation>
    </message>
    <message>
        <source>CPU only: no GPU curve to compare with.</source>
        <translation>仅有 CPU：没有可比较的 GPU 曲线。</translation>
    </message>
    <message>
        <source>No GPU curve to compare with: the GPU points were not measured. %1</source>
        <translation>没有可比较的 GPU 曲线：GPU 的点未被测量。%1</translation>
    </message>
    <message>
        <source>A GPU run recorded on another machine can be opened (File ▸ Open results) and shown here.</source>
        <translation>可以打开在其他机器上记录的 GPU 运行（文件 ▸ 打开结果），并在此显示。</translation>
    </message>
    <message>
        <source>GPU only: no CPU curve to compare with.</source>
        <translation>仅有 GPU：没有可比较的 CPU 曲线。</translation>
    </message>
    <message>
        <source>No run has both a CPU and a GPU curve: choose a run A (CPU) and a run B (GPU) in the Runs panel to compare across runs.</source>
        <translation>没有任何运行同时包含 CPU 和 GPU 曲线：请在“运行列表”面板中选择运行 A（CPU）和运行 B（GPU），进行跨运行比较。</translation>
    </message>
    <message>
        <source>interquartile range</source>
        <translation>四分位距</translation>
    </message>
    <message>
        <source>min–max</source>
        <translation>最小值–最大值</translation>
    </message>
    <message>
        <source>The %1 bands are not drawn for more than %2 curves.</source>
        <translation>曲线超过 %2 条时不绘制%1色带。</translation>
    </message>
    <message>
        <source>Bands: the interquartile range of the repetitions%1 (right-click for min–max).</source>
        <translation>色带：各次重复的四分位距%1（右键单击切换为最小值–最大值）。</translation>
    </message>
    <message>
        <source>; min–max for points saved without it</source>
        <translation>；保存时未包含四分位距的点使用最小值–最大值</translation>
    </message>
    <message>
        <source>Bands: min–max of the repetitions (right-click for the interquartile range).</source>
        <translation>色带：各次重复的最小值–最大值（右键单击切换为四分位距）。</translation>
    </message>
    <message>
        <source>Time vs n</source>
        <translation>时间随 n 的变化</translation>
    </message>
    <message>
        <source>Hollow rings: %1 measured while the GPU throttled (its clock fell, or NVML reported a power or thermal limit); the table&apos;s Conditions column says how.</source>
        <translation>空心圆环：%1在 GPU 降频时测得（时钟下降，或 NVML 报告了功耗或温度限制）；详情见表格的“测量条件”列。</translation>
    </message>
    <message>
        <source>Show cost models</source>
        <translation>显示开销模型</translation>
    </message>
    <message>
        <source>A thin dotted line through each curve: its fixed cost plus its work at the rate of each memory level (the Explain tab says what they mean)</source>
        <translation>穿过每条曲线的细点线：其固定开销加上按各内存层级速率完成的工作（“解释”页说明其含义）</translation>
    </message>
    <message>
        <source>Dotted: each curve&apos;s cost model, its fixed cost plus its work at the rate of each memory level (the Explain tab says what they mean).</source>
        <translation>点线：每条曲线的开销模型，即固定开销加上按各内存层级速率完成的工作（“解释”页说明其含义）。</translation>
    </message>
    <message>
        <source>Bands: the interquartile range of the repetitions%1.</source>
        <translation>色带：各次重复的四分位距%1。</translation>
    </message>
    <message>
        <source>Bands: min–max of the repetitions.</source>
        <translation>色带：各次重复的最小值–最大值。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>no common sizes to compare</source>
        <translation>没有可比较的共同尺寸</translation>
    </message>
    <message>
        <source>no crossover: the GPU is faster at every size (%1)</source>
        <translation>无交叉点：GPU 在每个尺寸上都更快（%1）</translation>
    </message>
    <message>
        <source>no crossover: the CPU is faster at every size (%1)</source>
        <translation>无交叉点：CPU 在每个尺寸上都更快（%1）</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>; the fit predicts the CPU faster below n ≈ %1</source>
        <translation>；拟合预测 n ≈ %1 以下 CPU 更快</translation>
    </message>
    <message>
        <source>; the fit predicts the GPU faster above n ≈ %1</source>
        <translation>；拟合预测 n ≈ %1 以上 GPU 更快</translation>
    </message>
    <message>
        <source>Measuring: the dots are the sizes measured so far, joined by dotted lines; the sizes between them come next.</source>
        <translation>正在测量：圆点是目前已测量的尺寸，以点线相连；它们之间的尺寸随后测量。</translation>
    </message>
    <message>
        <source>%1 vs A: %2</source>
        <translation>%1 对比 A：%2</translation>
    </message>
    <message>
        <source>Grey rings: %1 during which another program held a core (the table marks them noisy and says how).</source>
        <translation>灰色圆环：%1 测量期间另一个程序占用了一个核心（表格将其标为噪声大并说明原因）。</translation>
    </message>
    <message>
        <source>%1: the time to queue the launches, read before the device was synchronised, not the time of the work; no crossover is taken from it (the Explain tab says why).</source>
        <translation>%1：这是在设备同步之前读取的、把启动放入队列的时间，而不是工作的时间；不据此计算交叉点（“解释”页说明原因）。</translation>
    </message>
    <message>
        <source>Whole loop</source>
        <translation>整个循环</translation>
    </message>
    <message>
        <source>The time of all the iterations of a repetition, as a loop timed around its whole length gives it (the original answer&apos;s table). Off: the time per iteration</source>
        <translation>一次重复中所有迭代的总时间，即围绕整个循环计时所得（原始回答的表格即如此）。关闭：每次迭代的时间</translation>
    </message>
    <message>
        <source>time of the whole loop vs n</source>
        <translation>整个循环的耗时随 n 变化</translation>
    </message>
    <message>
        <source>Time per iteration: the points shown ran different iteration counts, so no one whole loop can be plotted.</source>
        <translation>每次迭代的时间：所显示的点运行的迭代次数不同，因此无法绘制统一的整个循环时间。</translation>
    </message>
    <message>
        <source>time of %1 iterations (%2)</source>
        <translation>%1 次迭代的耗时（%2）</translation>
    </message>
    <message>
        <source>n = %1</source>
        <translation>n = %1</translation>
    </message>
    <message>
        <source>Dashed: %1, a reference run (none of our curves measures the same thing at the same sizes).</source>
        <translation>虚线：%1，参考运行（我们没有在相同尺寸上测量同一内容的曲线）。</translation>
    </message>
    <message>
        <source>%1 is OpenCL on the CPU, not a GPU: it runs on the same cores as the CPU curves, so no crossover is marked against it. The gap between its curves and the CPU&apos;s is what OpenCL&apos;s launches and runtime cost.</source>
        <translation>%1 是运行在 CPU 上的 OpenCL，不是 GPU：它与 CPU 曲线使用相同的核心，因此不会针对它标出交叉点。它的曲线与 CPU 曲线之间的差距，就是 OpenCL 启动和运行时的开销。</translation>
    </message>
    <message>
        <source>A = %1, B = %2: dash-dotted, where B&apos;s GPU overtakes A&apos;s best CPU.</source>
        <translation>A = %1，B = %2：点划线标出 B 的 GPU 超过 A 的最佳 CPU 之处。</translation>
    </message>
    <message>
        <source>no crossover (%1): the CPU and the GPU are within each other&apos;s noise at every size</source>
        <translation>无交叉点（%1）：在每个规模上 CPU 与 GPU 的差别都在各自的噪声之内</translation>
    </message>
    <message>
        <source>no crossover (%1): the GPU is faster at %2 of the %3 sizes, the CPU at %4, and at %5 they are within each other&apos;s noise</source>
        <translation>无交叉点（%1）：在 %3 个规模中 GPU 在 %2 个更快，CPU 在 %4 个更快，其余 %5 个两者差别在噪声之内</translation>
    </message>
    <message>
        <source>Dashed lines mark the first %1 of the %2 crossovers, on the curves drawn.</source>
        <translation>虚线在所画的曲线上标出 %2 个交叉点中的前 %1 个。</translation>
    </message>
    <message>
        <source>crossover: %1</source>
        <translation>交叉点：%1</translation>
    </message>
    <message>
        <source>the curves meet at n ≈ %1</source>
        <translation>两条曲线在 n ≈ %1 处相遇</translation>
    </message>
    <message>
        <source>unresolved, n %1–%2</source>
        <translation>未分辨，n %1–%2</translation>
    </message>
    <message>
        <source>%1 faster again above n ≈ %2</source>
        <translation>n ≈ %2 以上 %1 再次更快</translation>
    </message>
    <message>
        <source>%1 again, n ≈ %2</source>
        <translation>%1 再次领先，n ≈ %2</translation>
    </message>
    <message>
        <source>%1 vs %2: %3</source>
        <translation>%1 对比 %2：%3</translation>
    </message>
    <message>
        <source>… and %1 more thread counts that overtake 1 thread, not listed here.</source>
        <translation>……另有 %1 个超过 1 个线程的线程数，此处未列出。</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n 个点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>speeduplab::Tour</name>
    <message>
        <source>Guided tour</source>
        <translation>导览</translation>
    </message>
    <message>
        <source>The experiment: b += b</source>
        <translation>实验：b += b</translation>
    </message>
    <message>
        <source>&lt;p&gt;The seed experiment makes a tensor with &lt;code&gt;b = torch.ones(n, n)&lt;/code&gt;: a grid of n by n numbers, each a 32-bit float (fp32). So &lt;b&gt;n&lt;/b&gt; is the length of one side, and the tensor holds n² numbers.&lt;/p&gt;&lt;p&gt;Then it runs &lt;code&gt;b += b&lt;/code&gt; 1000 times. Each time, every number is read, doubled and written back: n² additions, and &lt;b&gt;8 n² bytes&lt;/b&gt; moved (4 bytes read and 4 bytes written per number). At n = 4 that is 128 bytes; at n = 4000 it is 128 MB, every iteration.&lt;/p&gt;&lt;p&gt;The question the app answers: for which n is the GPU faster than the CPU, and why?&lt;/p&gt;</source>
        <translation>&lt;p&gt;起点实验用 &lt;code&gt;b = torch.ones(n, n)&lt;/code&gt; 创建一个张量：n 行 n 列的数，每个都是 32 位浮点数（fp32）。所以 &lt;b&gt;n&lt;/b&gt; 是一条边的长度，张量共有 n² 个数。&lt;/p&gt;&lt;p&gt;然后它把 &lt;code&gt;b += b&lt;/code&gt; 运行 1000 次。每一次，每个数都被读出、加倍、再写回：共 n² 次加法，搬运 &lt;b&gt;8 n² 字节&lt;/b&gt;（每个数读 4 字节、写 4 字节）。n = 4 时是 128 字节；n = 4000 时是 128 MB，每次迭代都如此。&lt;/p&gt;&lt;p&gt;本程序要回答的问题：n 为多大时 GPU 比 CPU 快，为什么？&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reading log-log axes</source>
        <translation>阅读双对数坐标轴</translation>
    </message>
    <message>
        <source>&lt;p&gt;The time chart uses &lt;b&gt;log-log axes&lt;/b&gt;: on both axes, each gridline is 10 times the one before. Going from n = 4 to 40 takes the same distance as going from 400 to 4000.&lt;/p&gt;&lt;p&gt;On such axes, a line of &lt;b&gt;slope 2&lt;/b&gt; (10 times larger n, 100 times more time) means the time grows with n², as the work does.&lt;/p&gt;&lt;p&gt;A &lt;b&gt;flat&lt;/b&gt; line means the time does not depend on n at all: a fixed cost, such as starting a GPU kernel, is larger than the work.&lt;/p&gt;&lt;p&gt;So read the slope, not only the height: it tells you what the time is made of.&lt;/p&gt;</source>
        <translation>&lt;p&gt;时间图表使用&lt;b&gt;双对数坐标轴&lt;/b&gt;：两条轴上，每条网格线都是前一条的 10 倍。从 n = 4 到 40 与从 400 到 4000 的距离相同。&lt;/p&gt;&lt;p&gt;在这样的坐标轴上，&lt;b&gt;斜率为 2&lt;/b&gt; 的直线（n 增大 10 倍，时间增加 100 倍）表示时间随 n² 增长，与工作量一致。&lt;/p&gt;&lt;p&gt;&lt;b&gt;水平&lt;/b&gt;的线表示时间完全不随 n 变化：某个固定开销（例如启动一个 GPU 内核）比工作本身还大。&lt;/p&gt;&lt;p&gt;所以不要只看高度，还要看斜率：它告诉你时间由什么构成。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The time chart</source>
        <translation>时间图表</translation>
    </message>
    <message>
        <source>The speedup chart</source>
        <translation>加速比图表</translation>
    </message>
    <message>
        <source>&lt;p&gt;The speedup is the CPU time divided by the GPU time at each n.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Above 1&lt;/b&gt; the GPU wins: at 10 it is ten times faster. &lt;b&gt;Below 1&lt;/b&gt; the CPU wins. The shaded regions show which side is which, and the crossover is where the curve passes 1.&lt;/p&gt;&lt;p&gt;The speedup grows with n while the GPU is still paying for its launches, and levels off when both sides are limited by how fast they move memory.&lt;/p&gt;</source>
        <translation>&lt;p&gt;加速比是每个 n 处 CPU 时间除以 GPU 时间。&lt;/p&gt;&lt;p&gt;&lt;b&gt;大于 1&lt;/b&gt; 时 GPU 胜出：等于 10 表示快十倍。&lt;b&gt;小于 1&lt;/b&gt; 时 CPU 胜出。阴影区域标出各自的一方，交叉点就是曲线穿过 1 的位置。&lt;/p&gt;&lt;p&gt;当 GPU 仍在为内核启动付出开销时，加速比随 n 增长；当双方都受限于搬运内存的速度时，它趋于平稳。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Thread scaling</source>
        <translation>线程扩展性</translation>
    </message>
    <message>
        <source>&lt;p&gt;This chart shows how much faster the CPU gets with more threads, for a few sizes, next to the ideal line (twice the threads, twice as fast).&lt;/p&gt;&lt;p&gt;For &lt;b&gt;big tensors&lt;/b&gt; more threads help until the memory bandwidth runs out: &lt;code&gt;b += b&lt;/code&gt; does one addition for every 8 bytes, so a few cores can keep the memory busy, and the curve flattens below the ideal.&lt;/p&gt;&lt;p&gt;For &lt;b&gt;tiny tensors&lt;/b&gt;, starting and joining the threads (fork/join) costs more than the work itself, and more threads can even be slower.&lt;/p&gt;</source>
        <translation>&lt;p&gt;此图表显示在几种大小下，CPU 随线程增多能快多少，旁边是理想线（线程加倍，速度加倍）。&lt;/p&gt;&lt;p&gt;对于&lt;b&gt;大张量&lt;/b&gt;，更多线程有帮助，直到内存带宽耗尽：&lt;code&gt;b += b&lt;/code&gt; 每 8 字节只做一次加法，所以几个核心就能让内存忙碌，曲线在理想线下方变平。&lt;/p&gt;&lt;p&gt;对于&lt;b&gt;小张量&lt;/b&gt;，启动和汇合线程（fork/join）的开销比工作本身还大，线程更多甚至可能更慢。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Throughput and the roofline</source>
        <translation>吞吐量与 Roofline</translation>
    </message>
    <message>
        <source>Try it yourself</source>
        <translation>亲自试一试</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 上一页(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>下一页(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Show me: %1</source>
        <translation>带我看：%1</translation>
    </message>
    <message>
        <source>Switch the window to this chart</source>
        <translation>让窗口切换到这个图表</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;In the results shown now: %1 is faster than %2 above n ≈ %3.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;在当前显示的结果中：n ≈ %3 以上时，%1比%2快。&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Why the original answer&apos;s GPU times were flat</source>
        <translation>为什么原始回答中的 GPU 时间是平的</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;In the results shown now: %1&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;在当前显示的结果中：%1&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Each curve is the time of one iteration against n (right-click ▸ Whole loop: of all of them).&lt;/p&gt;&lt;p&gt;The &lt;b&gt;CPU&lt;/b&gt; curves start at tiny times and rise with slope 2: the CPU has almost no fixed cost, so its time is the work.&lt;/p&gt;&lt;p&gt;The &lt;b&gt;GPU launch&lt;/b&gt; curve (one kernel launch per iteration, as the Python loop does) is flat at first: each iteration costs the launch, a few microseconds, however little work there is. It rises only once the work outgrows the launch.&lt;/p&gt;&lt;p&gt;Where the curves cross, the GPU becomes faster; the chart marks it &quot;GPU faster above n ≈ …&quot;. The &lt;b&gt;graph&lt;/b&gt; and &lt;b&gt;fused&lt;/b&gt; modes cut the launch cost, so their curves sit lower and the crossover moves to the left.&lt;/p&gt;&lt;p&gt;A &lt;b&gt;dashed&lt;/b&gt; curve is a reference run, from another tool or another machine. A curve named &lt;b&gt;not synchronised&lt;/b&gt; is the time to queue the launches, not the work&apos;s: no crossover is taken from it, even where it crosses a CPU curve.&lt;/p&gt;</source>
        <translation>&lt;p&gt;每条曲线表示一次迭代的时间随 n 的变化。（右键 ▸ 整个循环：全部迭代的时间）&lt;/p&gt;&lt;p&gt;&lt;b&gt;CPU&lt;/b&gt; 曲线从极短的时间开始，以斜率 2 上升：CPU 几乎没有固定开销，所以它的时间就是工作本身。&lt;/p&gt;&lt;p&gt;&lt;b&gt;GPU 内核启动&lt;/b&gt;曲线（每次迭代启动一次内核，与 Python 循环相同）起初是水平的：无论工作多少，每次迭代都要付出启动开销，约几微秒。只有当工作量超过启动开销时，它才开始上升。&lt;/p&gt;&lt;p&gt;曲线相交之处，GPU 开始更快；图表将其标为“n ≈ … 以上 GPU 更快”。&lt;b&gt;graph&lt;/b&gt; 和 &lt;b&gt;fused&lt;/b&gt; 模式减少了启动开销，所以它们的曲线更低，交叉点向左移动。&lt;/p&gt;&lt;p&gt;&lt;b&gt;虚线&lt;/b&gt;曲线是参考运行，来自其他工具或其他机器。名为&lt;b&gt;未同步&lt;/b&gt;的曲线是把启动放入队列的时间，而不是工作本身的时间：即使它与 CPU 曲线相交，也不会据此得出交叉点。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>A GPU in a laptop</source>
        <translation>笔记本电脑里的 GPU</translation>
    </message>
    <message>
        <source>&lt;p&gt;Most laptops have an Intel or AMD GPU built into the processor. SpeedupLab reaches it through OpenCL: install its driver (the README says which), and choose it in the Device list, where it is named &lt;code&gt;opencl:N&lt;/code&gt;.&lt;/p&gt;&lt;p&gt;An &lt;b&gt;integrated GPU&lt;/b&gt; shares the CPU&apos;s memory. Its copies to and from the host cost little, because the data never cross a bus; but on memory-bound work such as &lt;code&gt;b += b&lt;/code&gt; it can move bytes no faster than the CPU&apos;s memory allows, so it may never overtake the CPU&apos;s threads there. Where it can win is arithmetic: try the gemm preset.&lt;/p&gt;&lt;p&gt;&lt;b&gt;OpenCL on the CPU&lt;/b&gt; (PoCL) is listed too. It runs on the same cores as the CPU curves, so it is no GPU and no crossover is marked against it; the gap between its curves and the CPU&apos;s is what OpenCL&apos;s launches cost.&lt;/p&gt;</source>
        <translation>&lt;p&gt;大多数笔记本电脑的处理器里集成了 Intel 或 AMD 的 GPU。SpeedupLab 通过 OpenCL 使用它：安装它的驱动（README 说明了是哪一个），然后在设备列表中选择它，它的名字是 &lt;code&gt;opencl:N&lt;/code&gt;。&lt;/p&gt;&lt;p&gt;&lt;b&gt;集成 GPU&lt;/b&gt; 与 CPU 共享内存。它与主机之间的复制开销很小，因为数据从不经过总线；但在 &lt;code&gt;b += b&lt;/code&gt; 这样受内存带宽限制的工作上，它搬运数据的速度不会超过 CPU 内存所允许的速度，因此在这里它可能永远追不上 CPU 的多线程。它能赢的地方是算术：试试 gemm 预设。&lt;/p&gt;&lt;p&gt;&lt;b&gt;CPU 上的 OpenCL&lt;/b&gt;（PoCL）也会列出。它与 CPU 曲线运行在相同的核心上，所以它不是 GPU，也不会针对它标出交叉点；它的曲线与 CPU 曲线之间的差距，就是 OpenCL 启动的开销。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Choose &lt;nobr&gt;Sweep ▸ Presets ▸ Seed experiment&lt;/nobr&gt;, then press &lt;b&gt;Run&lt;/b&gt; (Ctrl+R). The curves grow while you watch; Esc stops the sweep and keeps what was measured.&lt;/p&gt;&lt;p&gt;No GPU here? Open the shipped example, &lt;nobr&gt;File ▸ Open example&lt;/nobr&gt; (the seed experiment recorded on an NVIDIA H200), or press &lt;b&gt;See it measured on an NVIDIA H200&lt;/b&gt; on the empty chart. Each file adds a run: after your own CPU sweep, choose yours as run A and the example as run B in the Runs panel, and the time chart marks where B&apos;s GPU overtakes A&apos;s CPU. Compare runs shows one run&apos;s time over another&apos;s, series by series. A GPU server of your own records one the same way (&lt;code&gt;speeduplab-cli run --preset seed --json gpu.json&lt;/code&gt;).&lt;/p&gt;&lt;p&gt;Then predict before you measure: where will the crossover be in graph mode, or on a faster GPU? Run it and see.&lt;/p&gt;</source>
        <translation>&lt;p&gt;选择&lt;nobr&gt;扫描 ▸ 预设 ▸ 种子实验&lt;/nobr&gt;，然后点击&lt;b&gt;运行&lt;/b&gt;（Ctrl+R）。曲线会在你眼前逐渐生长；按 Esc 停止扫描并保留已测得的结果。&lt;/p&gt;&lt;p&gt;这里没有 GPU？打开随程序附带的示例&lt;nobr&gt;文件 ▸ 打开示例&lt;/nobr&gt;（在 NVIDIA H200 上记录的种子实验），或在空图表上点击&lt;b&gt;查看在 NVIDIA H200 上的实测&lt;/b&gt;。每个文件都会添加一个运行：先做你自己的 CPU 扫描，再在运行面板中把你的运行选为运行 A、把示例选为运行 B，时间图表就会标出 B 的 GPU 超越 A 的 CPU 的位置。“比较运行”按系列逐一显示一个运行的时间与另一个运行的时间之比。你自己的 GPU 服务器也可以同样记录一份（&lt;code&gt;speeduplab-cli run --preset seed --json gpu.json&lt;/code&gt;）。&lt;/p&gt;&lt;p&gt;然后先预测再测量：在 graph 模式下，或在更快的 GPU 上，交叉点会在哪里？运行一下看看。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The answer this experiment comes from gave its GPU times in a table: 0.0431 s at n = 4 and 0.0446 s at n = 4000, &lt;b&gt;flat&lt;/b&gt; while the work grew a million-fold: a time that does not grow with the work is not the work&apos;s. It is about 44 µs a launch, many times the few microseconds a launch costs when it is timed synchronised (Explain holds it against the shipped H200&apos;s).&lt;/p&gt;&lt;p&gt;Read as the work&apos;s time, it could not be: at n = 4000 the 1000 iterations move 2 × 4 bytes × 4000² × 1000 = 128 GB, and in 0.0446 s that would take &lt;b&gt;2.87 TB/s&lt;/b&gt;, more than the spec sheet of an A100 (2.04 TB/s) allows; only the newest data-centre GPUs (H100, H200) move that much.&lt;/p&gt;&lt;p&gt;It read &lt;code&gt;time.time()&lt;/code&gt; around the loop and never called &lt;code&gt;torch.cuda.synchronize()&lt;/code&gt;. A CUDA launch is &lt;b&gt;asynchronous&lt;/b&gt;: it puts the kernel in the GPU&apos;s queue and returns at once. So the clock measured the host queueing 1000 launches (about 44 µs each in Python), not the GPU doing the work. Synchronising waits until the queue has drained; only then is the work done. Once the queue is full, each launch waits for a free slot, and the time jumps towards the work&apos;s.&lt;/p&gt;&lt;p&gt;Choose &lt;nobr&gt;Sweep ▸ Presets ▸ Replay the original answer&lt;/nobr&gt;: the GPU is timed both ways, &lt;b&gt;GPU launch, not synchronised&lt;/b&gt; beside the synchronised &lt;b&gt;GPU launch&lt;/b&gt;, and &lt;nobr&gt;File ▸ Open example&lt;/nobr&gt; has the published table, drawn dashed.&lt;/p&gt;</source>
        <translation>&lt;p&gt;本实验所源自的那个回答发表了它的 GPU 时间：n = 4 时 0.0431 s，n = 4000 时 0.0446 s，工作量增长了一百万倍，时间却是&lt;b&gt;平的&lt;/b&gt;：不随工作量增长的时间，不是工作本身的时间。它约合每次启动 44 µs，是同步计时下一次启动所需几微秒的许多倍（“解释”页把它与示例中 H200 的实测值对比）。&lt;/p&gt;&lt;p&gt;若把它当作工作的时间，那是不可能的：在 n = 4000 时，1000 次迭代要搬运 2 × 4 字节 × 4000² × 1000 = 128 GB，要在 0.0446 s 内完成需要 &lt;b&gt;2.87 TB/s&lt;/b&gt;，超过 A100 规格表上的 2.04 TB/s；只有最新的数据中心 GPU（H100、H200）才能搬运这么多。&lt;/p&gt;&lt;p&gt;它在循环前后读取 &lt;code&gt;time.time()&lt;/code&gt;，却从未调用 &lt;code&gt;torch.cuda.synchronize()&lt;/code&gt;。CUDA 内核启动是&lt;b&gt;异步&lt;/b&gt;的：它把内核放入 GPU 的队列后立即返回。所以时钟测到的是主机把 1000 次启动放入队列的时间（在 Python 中每次约 44 µs），而不是 GPU 完成工作的时间。同步会等到队列排空；只有那时工作才算完成。一旦队列已满，每次启动都要等待空位，时间便跳向工作本身的时间。&lt;/p&gt;&lt;p&gt;选择 &lt;nobr&gt;扫描 ▸ 预设 ▸ 重现原始回答&lt;/nobr&gt;：GPU 会以两种方式计时，&lt;b&gt;GPU launch, not synchronised&lt;/b&gt;（未同步）与同步的 &lt;b&gt;GPU launch&lt;/b&gt; 并列；&lt;nobr&gt;文件 ▸ 打开示例&lt;/nobr&gt; 中有已发表的表格，以虚线绘制。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The throughput chart turns each time into a rate: for &lt;code&gt;b += b&lt;/code&gt;, bytes moved per second (GB/s). &lt;nobr&gt;Sweep ▸ Calibrate machine&lt;/nobr&gt; measures this machine&apos;s ceilings (cache and memory bandwidths, GPU copies and launches, FLOP/s) and draws them as lines.&lt;/p&gt;&lt;p&gt;A point near a ceiling uses what the hardware offers. A point far below is held back by something else, usually a fixed cost such as the launch.&lt;/p&gt;&lt;p&gt;The roofline chart plots FLOP/s against FLOPs per byte, under the memory and compute roofs. &lt;code&gt;b += b&lt;/code&gt; does one FLOP per 8 bytes, far to the left: launch by launch, memory bandwidth limits it. Fused, one kernel keeps the data in registers across all the iterations: no byte moves, and only arithmetic limits it, so its rate is quoted in FLOP/s.&lt;/p&gt;</source>
        <translation>&lt;p&gt;吞吐量图表把每个时间换算成速率：对 &lt;code&gt;b += b&lt;/code&gt; 来说，是每秒搬运的字节数（GB/s）。&lt;nobr&gt;扫描 ▸ 校准本机&lt;/nobr&gt;会测量本机的性能上限（缓存与内存带宽、GPU 拷贝与启动、FLOP/s），并将其画成直线。&lt;/p&gt;&lt;p&gt;接近上限的点充分利用了硬件的能力。远低于上限的点受到其他因素的限制，通常是某个固定开销，例如内核启动。&lt;/p&gt;&lt;p&gt;Roofline 图表在内存屋顶线和计算屋顶线之下绘制 FLOP/s 与每字节 FLOP 数的关系。&lt;code&gt;b += b&lt;/code&gt; 每 8 字节只做一次 FLOP，位于最左侧：逐次启动时，限制它的是内存带宽。融合（fused）模式下，一个内核在所有迭代中把数据留在寄存器里：没有字节搬运，只有算术运算限制它，所以它的速率以 FLOP/s 表示。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>speeduplab::WhatIfPanel</name>
    <message>
        <source>The GPU curve the models compare with the CPU</source>
        <translation>模型与 CPU 比较的 GPU 曲线</translation>
    </message>
    <message>
        <source>GPU curve:</source>
        <translation>GPU 曲线：</translation>
    </message>
    <message>
        <source>&amp;Launch latency:</source>
        <translation>启动延迟(&amp;L)：</translation>
    </message>
    <message>
        <source>The GPU&apos;s fixed cost per iteration: what if launches were free?</source>
        <translation>GPU 每次迭代的固定开销：如果启动不花时间会怎样？</translation>
    </message>
    <message>
        <source>&amp;GPU bandwidth:</source>
        <translation>GPU 带宽(&amp;G)：</translation>
    </message>
    <message>
        <source>The GPU&apos;s rate once the work dominates</source>
        <translation>工作量占主导时 GPU 的速率</translation>
    </message>
    <message>
        <source>C&amp;PU bandwidth:</source>
        <translation>CPU 带宽(&amp;P)：</translation>
    </message>
    <message>
        <source>What all CPU threads together can reach (each thread&apos;s share scales with it)</source>
        <translation>所有 CPU 线程合起来能达到的速率（每个线程的份额随之缩放）</translation>
    </message>
    <message>
        <source>CPU &amp;threads:</source>
        <translation>CPU 线程数(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Reset to measured</source>
        <translation>恢复实测值(&amp;R)</translation>
    </message>
    <message>
        <source>&lt;p&gt;Run a sweep with CPU and GPU curves (or open a recorded one): each curve&apos;s cost model and what it says appear here.&lt;/p&gt;</source>
        <translation>&lt;p&gt;运行一次包含 CPU 和 GPU 曲线的扫描（或打开已记录的运行）：每条曲线的开销模型及其含义会显示在这里。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 (measured %2)</source>
        <translation>%1（实测 %2）</translation>
    </message>
    <message>
        <source>The most threads the CPU may use: at each n the fastest of its thread counts up to this one counts. A count not measured takes the nearest measured count&apos;s fixed cost, its rate growing with the threads until the bandwidth caps it</source>
        <translation>CPU 最多可用的线程数：在每个 n 上取不超过此数的线程数中最快的。未测量的线程数取最接近的实测线程数的固定开销，其速率随线程数增长，直到被带宽限制</translation>
    </message>
    <message>
        <source>&amp;GPU FLOP rate:</source>
        <translation>GPU 浮点速率(&amp;G)：</translation>
    </message>
    <message>
        <source>C&amp;PU FLOP rate:</source>
        <translation>CPU 浮点速率(&amp;P)：</translation>
    </message>
    <message>
        <source>The most threads the CPU may use: at each n the fastest of them counts</source>
        <translation>CPU 最多可用的线程数：在每个 n 上取其中最快的</translation>
    </message>
    <message>
        <source>%1 with %2 (all threads: %3)</source>
        <translation>%2 时为 %1（全部线程：%3）</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>解释</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
</context>
</TS>
