//go:build !linux

package search

// hugeAlloc returns n zeroed elements of T and a function that frees them
// (here: nothing to do; the garbage collector does it).
func hugeAlloc[T any](n int) ([]T, func()) { return make([]T, n), func() {} }
