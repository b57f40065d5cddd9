//go:build linux

package dbfile

import (
	"syscall"
	"unsafe"
)

// HugeAlloc returns n zeroed elements of T in memory the kernel is asked to
// back with huge pages, and the function that frees it: the transposition
// tables and endgame databases are probed at random, and in a virtual
// machine every TLB miss of a 4 KB page costs a two-level page walk. Small
// requests, and any failure, fall back to make (and a free that does
// nothing). The memory must not be used after free.
func HugeAlloc[T any](n int) ([]T, func()) {
	var zero T
	size := int(unsafe.Sizeof(zero)) * n
	if size < 4<<20 {
		return make([]T, n), func() {}
	}
	const huge = 2 << 20
	size = (size + huge - 1) &^ (huge - 1)
	mem, err := syscall.Mmap(-1, 0, size+huge, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]T, n), func() {}
	}
	// Align to a huge page.
	off := (huge - int(uintptr(unsafe.Pointer(&mem[0])))%huge) % huge
	_ = syscall.Madvise(mem[off:off+size], 14) // MADV_HUGEPAGE
	return unsafe.Slice((*T)(unsafe.Pointer(&mem[off])), n), func() { _ = syscall.Munmap(mem) }
}
