# stderr_ours.sh - sourced by test scripts: stderr_ours FILE drops from
# FILE the note an AddressSanitizer build prints once when SimGrid
# switches a PE's stack (it is not ours), so that "one line on stderr"
# checks hold in the sanitizer build too.
stderr_ours() {
    grep -v -e '__asan_handle_no_return' -e '^False positive error reports may follow' \
        -e 'google/sanitizers/issues/189' -e '^$' "$1" >"$1.ours" || true
    mv "$1.ours" "$1"
}
