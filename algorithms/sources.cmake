# sources.cmake - the collective algorithms, for the top-level CMake:
#   include(algorithms/sources.cmake)
#   add_library(shcoll ${SHCOLL_SOURCES})
#   target_include_directories(shcoll PUBLIC ${SHCOLL_INCLUDE_DIR})
# Globbed so that adding an algorithm stays "one new file + one table
# row"; CONFIGURE_DEPENDS re-globs when a file is added.
file(GLOB_RECURSE SHCOLL_SOURCES CONFIGURE_DEPENDS
     "${CMAKE_CURRENT_LIST_DIR}/*.c")
list(SORT SHCOLL_SOURCES)
set(SHCOLL_INCLUDE_DIR "${CMAKE_CURRENT_LIST_DIR}")
