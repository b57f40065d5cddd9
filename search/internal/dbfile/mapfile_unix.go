//go:build unix

package dbfile

import (
	"io"
	"os"
	"syscall"
)

// MapFile returns the contents of the file name, mapped read-only: its
// pages are the kernel's page cache, read from disk when first touched and
// shared by every process that maps the file, not copied into this
// process's memory. Writing to the slice faults. unmap releases it; the
// slice must not be used after. A file replaced by rename (as
// WriteCacheFile does) leaves the mapping as it was. Where the file cannot
// be mapped (some file systems refuse), it is read into memory instead.
// Its errors are the open's, the stat's and the read's, and ErrBadDB for
// an empty file.
func MapFile(name string) (data []byte, unmap func(), err error) {
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
		return nil, nil, ErrBadDB
	}
	if data, err := Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED); err == nil {
		return data, func() { _ = syscall.Munmap(data) }, nil
	}
	data = make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}

// Mmap is syscall.Mmap (a variable so that a test can make it fail).
var Mmap = syscall.Mmap
