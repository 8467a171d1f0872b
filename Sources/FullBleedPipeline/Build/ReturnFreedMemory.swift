/// Returns the memory the allocator holds free to the operating system (glibc `malloc_trim`, which also
/// releases the free pages inside its arenas, not only at their top); nothing elsewhere.
enum ReturnFreedMemory {
    static func now() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)` (`<malloc.h>`, which the Glibc module does not export).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
