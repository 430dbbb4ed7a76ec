#!/usr/bin/env python3
"""routed_platform.py KIND N > FILE - large hand-written platforms for
bench/platform_check (what the route check costs where it has work):
  dijkstra N   one Dijkstra zone: N hosts, each routed to one router
  full N       one Full zone: N hosts, a route for every pair
  zones N      a Full zone of N Floyd zones of 100 hosts each, a gateway
               router per zone and a zoneRoute for every pair of zones
"""
import sys

HEAD = ('<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM '
        '"https://simgrid.org/simgrid.dtd">\n<platform version="4.1">\n')


def star(out, zone, routing, hosts, prefix):
    out.write(f'<zone id="{zone}" routing="{routing}">\n')
    for i in range(hosts):
        out.write(f'<host id="{prefix}{i}" speed="1Gf"/>\n')
    out.write(f'<router id="{zone}-gw"/>\n')
    for i in range(hosts):
        out.write(f'<link id="{prefix}{i}-l" bandwidth="10GBps" latency="1us"/>\n')
    for i in range(hosts):
        out.write(f'<route src="{prefix}{i}" dst="{zone}-gw">'
                  f'<link_ctn id="{prefix}{i}-l"/></route>\n')
    out.write('</zone>\n')


def full(out, n):
    out.write('<zone id="z" routing="Full">\n')
    for i in range(n):
        out.write(f'<host id="h{i}" speed="1Gf"/>\n')
    out.write('<link id="l" bandwidth="10GBps" latency="1us"/>\n')
    for i in range(n):
        for j in range(i + 1, n):
            out.write(f'<route src="h{i}" dst="h{j}"><link_ctn id="l"/></route>\n')
    out.write('</zone>\n')


def zones(out, n):
    out.write('<zone id="top" routing="Full">\n')
    for z in range(n):
        star(out, f"z{z}", "Floyd", 100, f"z{z}-h")
    for a in range(n):
        for b in range(a + 1, n):
            out.write(f'<link id="z{a}-z{b}" bandwidth="10GBps" latency="1us"/>\n')
    for a in range(n):
        for b in range(a + 1, n):
            out.write(f'<zoneRoute src="z{a}" dst="z{b}" gw_src="z{a}-gw" gw_dst="z{b}-gw">'
                      f'<link_ctn id="z{a}-z{b}"/></zoneRoute>\n')
    out.write('</zone>\n')


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    out = sys.stdout
    out.write(HEAD)
    if kind == "dijkstra":
        star(out, "z", "Dijkstra", n, "h")
    elif kind == "full":
        full(out, n)
    else:
        zones(out, n)
    out.write('</platform>\n')


main()
