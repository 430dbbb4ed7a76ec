# The checks build, made and tested from this build (SHMEMSIM_CHECKS):
# the same sources built again in BUILD/checks with clang, the sanitizers
# (SHMEMSIM_SANITIZE) and the fuzz targets (SHMEMSIM_FUZZ). It is a build
# of its own because libFuzzer needs clang and its hooks in every object;
# this build's ctest drives it, so that the one test command runs it all:
#   fuzz_<reader>  each fuzz target for SHMEMSIM_FUZZ_SECONDS (labels
#                  checks, fuzz)
#   sanitize_*     the unit tests, the refusals of bad input, and programs
#                  and clients built with shmemsim-cc, under ASan and
#                  UBSan (labels checks, sanitize)
include(ExternalProject)
include(${CMAKE_CURRENT_LIST_DIR}/readers.cmake)

find_program(SS_CLANG NAMES clang clang-14)
find_program(SS_CLANGXX NAMES clang++ clang++-14)
if(NOT SS_CLANG OR NOT SS_CLANGXX)
  message(FATAL_ERROR "SHMEMSIM_CHECKS needs clang and clang++ (scripts/setup.sh "
          "installs them), or -DSHMEMSIM_CHECKS=OFF")
endif()

set(SS_CHECKS ${PROJECT_BINARY_DIR}/checks)
# BUILD_ALWAYS: the sources are this tree's, which ExternalProject does
# not watch; make then does what is out of date.
ExternalProject_Add(checks
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${SS_CHECKS}
  CMAKE_ARGS -DCMAKE_C_COMPILER=${SS_CLANG} -DCMAKE_CXX_COMPILER=${SS_CLANGXX}
             -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHMEMSIM_SANITIZE=ON
             -DSHMEMSIM_FUZZ=ON -DSHMEMSIM_CHECKS=OFF
             -DSHMEMSIM_FUZZ_SECONDS=${SHMEMSIM_FUZZ_SECONDS}
  INSTALL_COMMAND ""
  TEST_COMMAND ""
  BUILD_ALWAYS ON)

# Runs the checks build's tests that the ctest options after label
# select (-R REGEX, -L LABEL) as one test of this build, labelled checks
# and label (--no-tests=error: a selection of nothing fails, it is not a
# pass). The tests of files the sanitizers add nothing to (FIFOs,
# devices, permissions; some skip as root) are left out.
function(ss_checks_test name label)
  add_test(NAME ${name}
    COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${SS_CHECKS} ${ARGN}
            -E ^platform_rejects_file_ --output-on-failure --no-tests=error)
  set_tests_properties(${name} PROPERTIES LABELS "checks;${label}" TIMEOUT 900)
endfunction()

foreach(r ${SS_FUZZ_READERS})
  ss_checks_test(fuzz_${r} fuzz -R "^fuzz_${r}$")
endforeach()
ss_checks_test(sanitize_units sanitize -L "^unit$")
ss_checks_test(sanitize_refusals sanitize -R
  "^(spec_rejects_.*|platform_rejects_.*|platform_accepts_.*|cli_rejects_.*|sweep_errors|tune_cli|scale_errors|calib_errors)$")
ss_checks_test(sanitize_programs sanitize -R
  "^(program_manyputs|client_osu_fcollect_p2|client_osu_put_heap|client_osu_atomics_p2|client_sos_collect|client_sos_shmem_team_reduce)$")
