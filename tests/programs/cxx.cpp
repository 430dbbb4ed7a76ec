// cxx.cpp - a C++ OpenSHMEM program (built with shmemsim-cc): static
// constructors and destructors run per PE, global containers are per PE,
// C++ clocks tell simulated time, exceptions work. Exits 1 on a failure.
#include <shmem.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

std::vector<int> values(3, 7);               // constructed on every PE
std::string text = "longer than a short string buffer";
static int constructed, me;
struct Tracker {
    Tracker() { constructed++; }
    ~Tracker() { std::printf("destructor on PE %d\n", me); }   // after finalize
} tracker;
template <class T> struct Box { static T value; };
template <class T> T Box<T>::value = 9;      // COMDAT data
inline int &counter() { static int c; return c; }
long received;

static void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "PE %d: FAIL: %s\n", shmem_my_pe(), what);
        std::exit(1);
    }
}

int main()
{
    shmem_init();
    me = shmem_my_pe();
    int n = shmem_n_pes();
    check(constructed == 1 && values.size() == 3, "constructors per PE");
    values.push_back(me);                    // reallocates on every PE
    text += std::to_string(me);
    Box<int>::value += me;
    counter() += me;
    auto t0 = std::chrono::steady_clock::now();
    shmem_long_p(&received, 100 + me, (me + 1) % n);
    shmem_barrier_all();
    auto dt = std::chrono::steady_clock::now() - t0;
    check(values.size() == 4 && values.back() == me, "a global vector");
    check(text.back() == '0' + me % 10, "a global string");
    check(Box<int>::value == 9 + me && counter() == me, "template statics");
    check(received == 100 + (me + n - 1) % n || n == 1, "a put into a global");
    check(dt.count() > 0 && dt < std::chrono::milliseconds(1), "steady_clock");
    try {
        throw std::runtime_error("thrown");
    } catch (const std::exception &e) {
        check(std::string(e.what()) == "thrown", "exceptions");
    }
    if (me == 0)
        std::cout << "cxx: ok on " << n << " PEs" << std::endl;
    shmem_finalize();
}
