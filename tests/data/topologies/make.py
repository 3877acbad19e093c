#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Writes hybrid-laptop.xml: an hwloc 2 XML topology of a laptop with 6 performance cores (2
# hardware threads each, OS indices 0-11) and 8 efficiency cores (one thread each, 12-19, in two
# clusters of 4 sharing an L2), with hwloc's core kinds (IntelCore, IntelAtom), as Linux shows an
# Alder Lake laptop. The other topologies here were written by hwloc itself:
#   two-socket.xml: lstopo-no-graphics -i "pack:2 numa:1 l3:1 l2:8 l1d:1 core:1 pu:2" two-socket.xml
#   vm-2core.xml:   lstopo-no-graphics --no-io vm-2core.xml (the 2-core VM the tests run on)
import sys

def mask(pus):
    v = 0
    for p in pus:
        v |= 1 << p
    return "0x%08x" % v

ALL = list(range(20))
out = []
def obj(depth, kind, pus, extra="", close=False):
    attrs = 'type="%s" cpuset="%s" complete_cpuset="%s" nodeset="0x00000001" complete_nodeset="0x00000001"' % (
        kind, mask(pus), mask(pus))
    out.append("  " * depth + "<object %s%s%s>" % (attrs, extra, "/" if close else ""))

def cache(depth, kind, pus, size, level, ctype):
    obj(depth, kind, pus, ' cache_size="%d" depth="%d" cache_linesize="64" cache_associativity="0" cache_type="%d"'
        % (size, level, ctype))

def end(depth):
    out.append("  " * depth + "</object>")

out.append('<?xml version="1.0" encoding="UTF-8"?>')
out.append('<!DOCTYPE topology SYSTEM "hwloc2.dtd">')
out.append('<topology version="2.0">')
obj(1, "Machine", ALL, ' os_index="0" allowed_cpuset="%s" allowed_nodeset="0x00000001"' % mask(ALL))
out.append('    <info name="Backend" value="Linux"/>')
out.append('    <info name="HostName" value="hybrid-laptop"/>')
obj(2, "Package", ALL, ' os_index="0"')
out.append('      <info name="CPUModel" value="12th Gen Intel(R) Core(TM) i7-1260P (a test topology)"/>')
obj(3, "NUMANode", ALL, ' os_index="0" local_memory="17179869184"', close=True)
cache(3, "L3Cache", ALL, 18 * 1024 * 1024, 3, 0)
core = 0
for p in range(6):  # performance cores: their own L2, two hardware threads
    pus = [2 * p, 2 * p + 1]
    cache(4, "L2Cache", pus, 1280 * 1024, 2, 0)
    cache(5, "L1Cache", pus, 48 * 1024, 1, 1)
    obj(6, "Core", pus, ' os_index="%d"' % core)
    for pu in pus:
        obj(7, "PU", [pu], ' os_index="%d"' % pu, close=True)
    end(6); end(5); end(4)
    core += 1
for cluster in range(2):  # efficiency cores: four to an L2, one hardware thread each
    pus = list(range(12 + 4 * cluster, 16 + 4 * cluster))
    cache(4, "L2Cache", pus, 2 * 1024 * 1024, 2, 0)
    for pu in pus:
        cache(5, "L1Cache", [pu], 32 * 1024, 1, 1)
        obj(6, "Core", [pu], ' os_index="%d"' % core)
        obj(7, "PU", [pu], ' os_index="%d"' % pu, close=True)
        end(6); end(5)
        core += 1
    end(4)
end(3); end(2); end(1)
out.append('  <cpukind cpuset="%s" forced_efficiency="0">' % mask(range(12, 20)))
out.append('    <info name="CoreType" value="IntelAtom"/>')
out.append('  </cpukind>')
out.append('  <cpukind cpuset="%s" forced_efficiency="1">' % mask(range(12)))
out.append('    <info name="CoreType" value="IntelCore"/>')
out.append('  </cpukind>')
out.append('</topology>')
open(sys.argv[1] if len(sys.argv) > 1 else "hybrid-laptop.xml", "w").write("\n".join(out) + "\n")
