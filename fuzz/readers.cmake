# The readers of user files that have a fuzz target (fuzz/fuzz_<name>.c),
# and how long each runs as a test.
set(SS_FUZZ_READERS topo xml results tune sweep osu)
set(SHMEMSIM_FUZZ_SECONDS 30 CACHE STRING "Seconds each fuzz target runs as a test")
