//go:build unix

package search

import (
	"os"
	"syscall"
)

// mapFile returns the contents of the file name, mapped read-only: its
// pages are the kernel's page cache, read from disk when first touched and
// shared by every process that maps the file, not copied into this
// process's memory. Writing to the slice faults. unmap releases it; the
// slice must not be used after. A file replaced by rename (as
// writeCacheFile does) leaves the mapping as it was. Its errors are the
// open's, the stat's and the mapping's (an empty file cannot be mapped).
func mapFile(name string) (data []byte, unmap func(), err error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close() // the mapping outlives the descriptor
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := fi.Size()
	if size <= 0 || size != int64(int(size)) {
		return nil, nil, errBadDB
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return data, func() { _ = syscall.Munmap(data) }, nil
}
